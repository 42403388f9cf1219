// Pure parts of `npm run data:check` (scripts/data-check.mjs): URL shape rules, the refresh lists (ended /
// ending soon / stale / unverified), the succession rule, argument parsing, the exit code and the text report.
// No I/O here, so the unit tests (tests/unit/data/dataCheck.test.ts) run them with a fixed `today`.
//
// Succession rule (fails the run, exit 1, with or without --strict): an entry whose dated `termEnd` is at most
// SUCCESSION_NOTICE_DAYS away — or has already come — must say what follows the term: a `seatElection` with a
// `resultsUrl` (the screens then link the official results once the term ends). Otherwise the app would soon
// show "Term ended" with nothing to say about who holds the office: publish the successor, or add the seat's
// election. `until-successor` posts have no fixed end and are never affected.
//
// URL rules, per URL found in an entry (any field named in URL_FIELDS, any *Url/*Link/*Img* field, and any
// string value that starts with "scheme://" or "www."):
//   errors (fail the run, exit 1):
//     whitespace    the text has a space, tab or line break anywhere
//     parse         `new URL()` rejects it
//     https         the scheme is not https
//     credentials   user:password@ in the authority
//     port          an explicit :port (even :443)
//     ip            the host is an IP address
//     hostname      no dot, a bad label, a trailing dot, or a TLD that is not letters (or xn--)
//     placeholder   example.com, *.test, localhost, placehold.co and the like (PLACEHOLDER_HOSTS)
//     fragment      an empty fragment ("…/#"), a hash-bang ("#!/…") or a skip-link fragment (#top, #main, …)
//     junk          a path segment that is a template or serialisation leftover: undefined, null, NaN, {…}
//   review (listed every run; fail only with --strict) — "invented deep paths":
//     deep-path     an official-site link (redirectLink, campaignUrl) deeper than MAX_SITE_SEGMENTS path
//                   segments; or a `source` deeper than MAX_SITE_SEGMENTS on a host where a deep link is not the
//                   usual way to cite (isDeepLinkHost: news sites, ballotpedia, wikipedia, github.com/openstates,
//                   michigan.gov, federal record sites, and *.gov press/news pages). Images (imageUrl,
//                   randomImg2) may be as deep as they like.
//   A real page can be deep (a CMS home such as /sites/GOV/Pages/default.aspx): check it once by hand; the
//   flag is a prompt to verify that the link was copied from a browser, not composed.

/** Official-site links and sources outside the deep-link hosts may have at most this many path segments. */
export const MAX_SITE_SEGMENTS = 2;

/** A term ending within this many days is listed as "ending soon". */
export const ENDING_SOON_DAYS = 30;

/**
 * A term ending within this many days (or already ended) must state its succession (see `successionGaps`), or
 * the run fails.
 */
export const SUCCESSION_NOTICE_DAYS = 14;

/** Known URL fields and what they point at: the cited page, an image, or an official site. */
export const URL_FIELDS = Object.freeze({
  source: 'source',
  imageUrl: 'image',
  randomImg2: 'image',
  redirectLink: 'site',
  campaignUrl: 'site',
});

/** Hosts (and their subdomains) that never belong in data: documentation, test and placeholder services. */
export const PLACEHOLDER_HOSTS = Object.freeze([
  'example.com', 'example.org', 'example.net', 'example.edu', 'example.gov',
  'localhost', 'localdomain',
  'placeholder.com', 'placehold.co', 'placehold.it', 'placekitten.com', 'dummyimage.com', 'fakeimg.pl',
  'picsum.photos', 'lorempixel.com', 'loremflickr.com', 'placeimg.com',
  'yourdomain.com', 'yoursite.com', 'yourwebsite.com', 'mysite.com', 'mywebsite.com', 'domain.com', 'website.com',
  'test.com', 'foo.com', 'bar.com', 'todo.com', 'tbd.com',
]);
/** Reserved top-level names (RFC 2606/6761) plus .local. */
const PLACEHOLDER_TLDS = new Set(['example', 'test', 'invalid', 'localhost', 'local']);

/**
 * Hosts (and subdomains) where a deep link is the normal form of a citation: an article, a reference page,
 * a record. Anything else cited more than MAX_SITE_SEGMENTS deep is listed for review.
 */
export const DEEP_LINK_HOSTS = Object.freeze([
  // Reference works and election data
  'ballotpedia.org', 'wikipedia.org', 'wikimedia.org', 'openstates.org', 'nga.org', 'naag.org',
  // Michigan government: every department lives under one host
  'michigan.gov', 'legislature.mi.gov',
  // Federal records
  'congress.gov', 'senate.gov', 'house.gov', 'federalregister.gov', 'govinfo.gov', 'supremecourt.gov',
  // National news
  'apnews.com', 'reuters.com', 'npr.org', 'pbs.org', 'nytimes.com', 'washingtonpost.com', 'wsj.com',
  'politico.com', 'thehill.com', 'axios.com', 'bloomberg.com', 'cnn.com', 'nbcnews.com', 'cbsnews.com',
  'abcnews.go.com', 'usatoday.com', 'latimes.com', 'foxnews.com', 'newsweek.com', 'bbc.com', 'bbc.co.uk', 'theguardian.com',
  // Michigan and Detroit news
  'detroitnews.com', 'freep.com', 'mlive.com', 'bridgemi.com', 'bridgedetroit.com', 'michiganadvance.com',
  'michiganpublic.org', 'wdet.org', 'clickondetroit.com', 'wxyz.com', 'fox2detroit.com', 'crainsdetroit.com',
  'outliermedia.org', 'chalkbeat.org', 'votebeat.org',
]);
/** host + path prefixes where deep links are normal. */
export const DEEP_LINK_PREFIXES = Object.freeze(['github.com/openstates/']);
/** A path segment that marks a government press or news page. */
const PRESS_SEGMENT = /^(?:news|newsroom|press|press-?releases?|news-?releases?|releases?|media|media-?cent(?:er|re)|announcements?|statements?|briefings?(?:-(?:and-)?statements)?|speeches)$/i;
/** A government host: *.gov, *.mil, *.gov.xx, *.state.xx.us. */
const GOV_HOST = /(?:\.gov|\.mil|\.gov\.[a-z]{2}|\.state\.[a-z]{2}\.us)$/;

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;
const JUNK_FRAGMENTS = new Set(['top', 'main', 'content', 'main-content', 'maincontent', 'skip', 'skip-link', 'page']);
const JUNK_SEGMENTS = new Set(['undefined', 'null', 'nan', '[object%20object]', 'todo', 'tbd']);

/** Whether `host` is `domain` or one of its subdomains. */
function onDomain(host, domain) {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The non-empty path segments of a URL ("/a/b/" → ["a", "b"]). */
export function pathSegments(url) {
  return url.pathname.split('/').filter(Boolean);
}

/** Whether a deep link on this URL's host is a normal citation (see DEEP_LINK_HOSTS). */
export function isDeepLinkHost(url) {
  const host = url.hostname.toLowerCase();
  if (DEEP_LINK_HOSTS.some((d) => onDomain(host, d))) return true;
  const hostPath = `${host.replace(/^www\./, '')}${url.pathname}`.toLowerCase();
  if (DEEP_LINK_PREFIXES.some((p) => hostPath.startsWith(p))) return true;
  return GOV_HOST.test(host) && pathSegments(url).some((s) => PRESS_SEGMENT.test(decodeSafe(s)));
}

function decodeSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The URL shape problems of one value. `kind` is what the field points at ('source' | 'image' | 'site' |
 * 'other'). Returns a list of { rule, severity: 'error' | 'review', message }; empty when the URL is fine.
 */
export function checkUrlShape(value, kind = 'other') {
  const problems = [];
  const error = (rule, message) => problems.push({ rule, severity: 'error', message });
  if (typeof value !== 'string' || value === '') {
    error('parse', 'empty or not text');
    return problems;
  }
  if (/\s/.test(value)) error('whitespace', 'contains whitespace');
  let url;
  try {
    url = new URL(value);
  } catch {
    error('parse', 'not a parseable absolute URL');
    return problems;
  }
  if (url.protocol !== 'https:') error('https', `must be https (is ${url.protocol.replace(/:$/, '')})`);
  if (url.username || url.password) error('credentials', 'must not carry a user name or password');
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (/^\[.*\]:\d*$|^[^[\]]*:\d*$/.test(hostPort)) error('port', 'must not name a port');

  const host = url.hostname.toLowerCase();
  if (IPV4.test(host) || host.startsWith('[')) {
    error('ip', 'host is an IP address, not a name');
  } else {
    const labels = host.split('.');
    const tld = labels.at(-1) ?? '';
    if (!host.includes('.')) error('hostname', `host "${host}" has no dot`);
    else if (host.endsWith('.')) error('hostname', `host "${host}" ends with a dot`);
    else if (!labels.every((l) => LABEL.test(l)) || !TLD.test(tld)) error('hostname', `host "${host}" is not a plausible name`);
    if (PLACEHOLDER_HOSTS.some((d) => onDomain(host, d)) || PLACEHOLDER_TLDS.has(tld)) {
      error('placeholder', `placeholder host "${host}"`);
    }
  }

  const hashAt = value.indexOf('#');
  if (hashAt !== -1) {
    const fragment = value.slice(hashAt + 1);
    if (fragment === '' || fragment.startsWith('!') || JUNK_FRAGMENTS.has(fragment.toLowerCase())) {
      error('fragment', fragment === '' ? 'ends in an empty fragment "#"' : `junk fragment "#${fragment}"`);
    }
  }
  const segments = pathSegments(url);
  const junk = segments.find((s) => JUNK_SEGMENTS.has(s.toLowerCase()) || /%7B|%7D|[{}]|\$%7B/i.test(s));
  if (junk !== undefined) error('junk', `path segment "${junk}" looks like a template leftover`);

  if (kind === 'site' && segments.length > MAX_SITE_SEGMENTS) {
    problems.push({
      rule: 'deep-path',
      severity: 'review',
      message: `official-site link ${segments.length} segments deep (≤ ${MAX_SITE_SEGMENTS})`,
    });
  } else if (kind === 'source' && segments.length > MAX_SITE_SEGMENTS && !isDeepLinkHost(url)) {
    problems.push({
      rule: 'deep-path',
      severity: 'review',
      message: `source ${segments.length} segments deep, not a deep-link host`,
    });
  }
  return problems;
}

/** What a field points at: a known URL field's kind, or 'other'. */
export function urlKindOf(field) {
  return Object.hasOwn(URL_FIELDS, field) ? URL_FIELDS[field] : 'other';
}

const URLISH_KEY = /(?:url|link|href|website|img|image)$/i;
const URLISH_VALUE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i;

/**
 * Every URL-like field of an entry, nested objects and arrays included: [{ field, path, value }], where
 * `field` is the last key and `path` is the dotted path ("contact.website").
 */
export function urlFieldsOf(entry) {
  const found = [];
  const walk = (value, path, field) => {
    if (typeof value === 'string') {
      if (Object.hasOwn(URL_FIELDS, field) || URLISH_KEY.test(field) || URLISH_VALUE.test(value.trim())) {
        found.push({ field, path, value });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`, field));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, k);
    }
  };
  walk(entry, '', '');
  return found;
}

/** URL shape findings over all packs: { checked, errors: Finding[], review: Finding[] }. */
export function checkPackUrls(packs) {
  const errors = [];
  const review = [];
  let checked = 0;
  for (const { pack, data } of packs) {
    const entries = Array.isArray(data?.entries) ? data.entries : [];
    entries.forEach((entry, index) => {
      for (const { field, path, value } of urlFieldsOf(entry)) {
        checked++;
        for (const p of checkUrlShape(value, urlKindOf(field))) {
          const finding = { pack, id: entryId(entry, index), field: path, url: value, rule: p.rule, message: p.message };
          (p.severity === 'error' ? errors : review).push(finding);
        }
      }
    });
  }
  return { checked, errors, review };
}

function entryId(entry, index) {
  return typeof entry?.id === 'string' && entry.id ? entry.id : `#${index}`;
}

function entryName(entry) {
  for (const k of ['name', 'title', 'stateName']) if (typeof entry?.[k] === 'string' && entry[k]) return entry[k];
  return '';
}

/** A valibot issue path as `entries[12].source`; '' for an issue on the whole pack. */
export function formatIssuePath(path) {
  if (!Array.isArray(path) || path.length === 0) return '';
  let out = '';
  for (const item of path) {
    const key = item && typeof item === 'object' && 'key' in item ? item.key : item;
    if (typeof key === 'number' || item?.type === 'array') out += `[${String(key)}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/**
 * The refresh lists on `today`, from the app's own term logic (`tenureOf` of src/features/civic/tenure.ts,
 * passed in): entries whose term has ended, whose term ends within ENDING_SOON_DAYS, that were checked longer
 * ago than the app's STALE_AFTER_DAYS, and that are marked unverified. Each item is
 * { pack, id, name, reason, … }.
 */
export function refreshLists(packs, today, { tenureOf, daysBetween, endingSoonDays = ENDING_SOON_DAYS }) {
  const lists = { ended: [], endingSoon: [], stale: [], unverified: [] };
  for (const { pack, data } of packs) {
    const entries = Array.isArray(data?.entries) ? data.entries : [];
    entries.forEach((entry, index) => {
      if (!entry || typeof entry !== 'object') return;
      const base = { pack, id: entryId(entry, index), name: entryName(entry) };
      const t = tenureOf(entry, today);
      if (t.ended && t.termEnd) {
        const ago = daysBetween(t.termEnd, today);
        lists.ended.push({ ...base, termEnd: t.termEnd, reason: `term ended ${t.termEnd} (${ago === 0 ? 'today' : plural(ago, 'day') + ' ago'})` });
      } else if (t.termEnd) {
        const left = daysBetween(today, t.termEnd);
        if (left <= endingSoonDays) {
          lists.endingSoon.push({ ...base, termEnd: t.termEnd, daysLeft: left, reason: `term ends ${t.termEnd} (in ${plural(left, 'day')})` });
        }
      }
      if (t.stale) {
        lists.stale.push({ ...base, checkedOn: t.checkedOn, ageDays: t.ageDays, reason: `checked ${t.checkedOn}, ${plural(t.ageDays, 'day')} ago` });
      }
      if (entry.unverified === true) {
        const note = typeof entry.note === 'string' ? entry.note : '';
        lists.unverified.push({ ...base, note, reason: note ? `unverified: ${note}` : 'unverified (no note)' });
      }
    });
  }
  return lists;
}

/**
 * Whether an entry says what follows its term: a `seatElection` with an https `resultsUrl` (the official results
 * of the election for the seat, which the screens link once the term has ended). The schema has no other field
 * for a successor: once the result is known, the successor's own entry replaces this one.
 */
export function statesSuccession(entry) {
  const se = entry?.seatElection;
  return Boolean(se && typeof se === 'object' && typeof se.resultsUrl === 'string' && se.resultsUrl.startsWith('https://'));
}

/**
 * Entries whose dated term ends within `noticeDays` of `today` (SUCCESSION_NOTICE_DAYS; a term that has already
 * ended counts too) and that do not state their succession (`statesSuccession`). Each item is
 * { pack, id, name, termEnd, daysLeft (negative once ended), reason }. `until-successor` terms are never listed.
 * Any item fails the run (exitCodeOf).
 */
export function successionGaps(packs, today, { tenureOf, daysBetween, noticeDays = SUCCESSION_NOTICE_DAYS }) {
  const gaps = [];
  for (const { pack, data } of packs) {
    const entries = Array.isArray(data?.entries) ? data.entries : [];
    entries.forEach((entry, index) => {
      if (!entry || typeof entry !== 'object') return;
      const t = tenureOf(entry, today);
      if (!t.termEnd || t.untilSuccessor) return;
      const left = daysBetween(today, t.termEnd);
      if (left > noticeDays || statesSuccession(entry)) return;
      const when = t.ended
        ? `term ended ${t.termEnd} (${left === 0 ? 'today' : plural(-left, 'day') + ' ago'})`
        : `term ends ${t.termEnd} (in ${plural(left, 'day')})`;
      gaps.push({
        pack,
        id: entryId(entry, index),
        name: entryName(entry),
        termEnd: t.termEnd,
        daysLeft: left,
        reason: `${when}; nothing says what follows (no seatElection with a resultsUrl)`,
      });
    });
  }
  return gaps;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A real calendar date in yyyy-mm-dd form. */
export function isIsoDate(s) {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const USAGE = `Usage: node scripts/data-check.mjs [--today=YYYY-MM-DD] [--strict] [--online] [--json] [--packs=a,b] [--dir=DIR]

Checks the civic data packs (src/data/packs/*.json): schema validity, URL shape, that every term ending
within ${SUCCESSION_NOTICE_DAYS} days (or ended) says what follows it (seatElection with resultsUrl), and lists
entries whose term has ended or ends within ${ENDING_SOON_DAYS} days, entries checked too long ago (stale) and
unverified entries.

  --today=YYYY-MM-DD  date to judge terms and staleness against (default: today, local time)
  --strict            also fail (exit 1) on ended terms, stale or unverified entries, deep-path URLs to
                      review and broken links found by --online
  --online            also request every distinct source and imageUrl (HEAD, then GET; 10 s timeout)
  --json              print a machine-readable report instead of text
  --packs=a,b         check only these packs (names without .json)
  --dir=DIR           read the packs from DIR instead of src/data/packs (e.g. an edited copy)
  -h, --help          this text

Exit codes: 0 ok · 1 a pack is invalid, a URL has a bad shape or a term ending within ${SUCCESSION_NOTICE_DAYS} days
says nothing of its succession (or, with --strict, anything listed) · 2 bad arguments or the checker itself failed.`;

/** Command-line options; throws an Error with a readable message on a bad argument. */
export function parseArgs(argv) {
  const opts = { today: undefined, strict: false, online: false, json: false, help: false, packs: undefined, dir: undefined };
  for (const arg of argv) {
    const [flag, value] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    switch (flag) {
      case '--today':
        if (!isIsoDate(value)) throw new Error(`--today needs a real date as YYYY-MM-DD, got "${value ?? ''}"`);
        opts.today = value;
        break;
      case '--packs':
        if (!value) throw new Error('--packs needs a comma-separated list of pack names');
        opts.packs = value.split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case '--dir':
        if (!value) throw new Error('--dir needs a directory');
        opts.dir = value;
        break;
      case '--strict':
      case '--online':
      case '--json':
        if (value !== undefined) throw new Error(`${flag} takes no value`);
        opts[flag.slice(2)] = true;
        break;
      case '-h':
      case '--help':
        opts.help = true;
        break;
      default:
        throw new Error(`unknown argument "${arg}"`);
    }
  }
  return opts;
}

/** Counts of everything the report found. */
export function countsOf(report) {
  const online = report.online;
  return {
    packs: report.packs.length,
    invalidPacks: report.packs.filter((p) => !p.valid).length,
    issues: report.packs.reduce((n, p) => n + p.issues.length, 0),
    entries: report.packs.reduce((n, p) => n + (p.entries ?? 0), 0),
    urls: report.urls.checked,
    urlErrors: report.urls.errors.length,
    urlReview: report.urls.review.length,
    ended: report.lists.ended.length,
    endingSoon: report.lists.endingSoon.length,
    stale: report.lists.stale.length,
    unverified: report.lists.unverified.length,
    succession: Array.isArray(report.succession) ? report.succession.length : 0,
    onlineRequested: online ? online.results.length : 0,
    onlineOk: online ? online.results.filter((r) => r.ok).length : 0,
    onlineBroken: online ? online.results.filter((r) => r.broken).length : 0,
    onlineUnreachable: online ? online.results.filter((r) => !r.ok && !r.broken).length : 0,
  };
}

/**
 * 1 when a pack is invalid, a URL has a bad shape or a term ending within SUCCESSION_NOTICE_DAYS (or ended)
 * does not state its succession (`report.succession`); with `strict`, also when anything is listed (ended,
 * stale, unverified, deep paths to review, broken links). Terms ending soon and unreachable links (no network)
 * never fail the run by themselves.
 */
export function exitCodeOf(report, strict) {
  const c = countsOf(report);
  if (c.invalidPacks > 0 || c.urlErrors > 0 || c.succession > 0) return 1;
  if (strict && (c.ended + c.stale + c.unverified + c.urlReview + c.onlineBroken > 0)) return 1;
  return 0;
}

const CODES = { reset: 0, bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 };

/** Colour functions; identity functions when `enabled` is false. */
export function painter(enabled) {
  const paint = {};
  for (const [name, code] of Object.entries(CODES)) {
    paint[name] = enabled ? (s) => `\x1b[${code}m${s}\x1b[0m` : (s) => s;
  }
  return paint;
}

/** Whether to colour: stdout is a terminal and NO_COLOR is unset (or empty), per no-color.org. */
export function useColor(isTTY, env) {
  return Boolean(isTTY) && !env.NO_COLOR;
}

/** Notes can be long; the text report clips them (the --json report keeps them whole). */
const MAX_REASON = 110;

function clip(s, max) {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

/** Rows as aligned columns (the last column is not padded). */
function columns(rows, indent = '  ') {
  const widths = [];
  for (const row of rows) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, visibleLength(cell)); });
  return rows.map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i] - visibleLength(cell)))).join('  ')).join('\n');
}

function visibleLength(s) {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[\d+m/g, '').length;
}

/** The human-readable report. */
export function formatText(report, { color = false } = {}) {
  const p = painter(color);
  const c = countsOf(report);
  const out = [];
  const heading = (title, n, tone) => out.push('', p.bold(`${title} `) + (n === 0 ? p.dim('(none)') : p[tone](`(${n})`)));
  const ref = (x) => `${x.pack}/${x.id}`;

  out.push(`${p.bold('Civic data check')}  today ${report.today}${report.strict ? '  --strict' : ''}`);
  out.push(columns(report.packs.map((pk) => [
    pk.pack,
    pk.version === undefined ? '' : `v${pk.version}`,
    pk.asOf ? `asOf ${pk.asOf}` : '',
    `${pk.entries ?? 0} entries`,
    pk.valid ? p.green('valid') : p.red(`INVALID (${plural(pk.issues.length, 'issue')})`),
  ])));

  heading('Schema issues', c.issues, 'red');
  for (const pk of report.packs) {
    for (const i of pk.issues) out.push(`  ${p.red(pk.pack)}: ${i.path ? `${i.path}: ` : ''}${i.message}${i.id ? p.dim(` (${i.id})`) : ''}`);
  }

  heading('URL shape errors', c.urlErrors, 'red');
  if (c.urlErrors) out.push(columns(report.urls.errors.map((f) => [ref(f), f.field, p.red(f.message), p.dim(f.url)])));
  heading(`URLs to review (deep paths; fail only with --strict)`, c.urlReview, 'yellow');
  if (c.urlReview) {
    out.push(columns(report.urls.review.map((f) => [ref(f), f.field, p.yellow(f.message), p.dim(f.url)])));
    out.push(p.dim(`  Deep links are normal only for images, news, reference and .gov press pages (scripts/data-check/lib.mjs);`));
    out.push(p.dim(`  open each once and keep it only if it is the page you meant, else cite the site root.`));
  }

  const list = (title, items, tone) => {
    heading(title, items.length, tone);
    if (items.length) out.push(columns(items.map((x) => [ref(x), x.name, p[tone](clip(x.reason, MAX_REASON))])));
  };
  list(`Succession not stated (term ends within ${SUCCESSION_NOTICE_DAYS} days or has ended; fails the run)`, Array.isArray(report.succession) ? report.succession : [], 'red');
  list('Terms ended', report.lists.ended, 'red');
  list(`Terms ending within ${ENDING_SOON_DAYS} days`, report.lists.endingSoon, 'yellow');
  list(`Stale (checked more than ${report.staleAfterDays} days ago)`, report.lists.stale, 'yellow');
  list('Unverified', report.lists.unverified, 'yellow');

  if (report.online) {
    const o = report.online;
    heading('Online link check', o.results.length, 'cyan');
    if (o.networkDown) out.push(`  ${p.yellow('unreachable (no network?)')} ${p.dim(`— ${o.note}`)}`);
    const bad = o.results.filter((r) => !r.ok);
    const shown = o.networkDown ? [] : bad;
    if (shown.length) out.push(columns(shown.map((r) => [r.broken ? p.red(r.status ? `HTTP ${r.status}` : r.error) : p.yellow(r.status ? `HTTP ${r.status}` : r.error), r.url, p.dim(r.refs.slice(0, 3).join(', ') + (r.refs.length > 3 ? ` +${r.refs.length - 3}` : ''))])));
    out.push(`  ${c.onlineOk} ok, ${c.onlineBroken} broken, ${c.onlineUnreachable} unreachable${o.ms !== undefined ? p.dim(` · ${(o.ms / 1000).toFixed(1)} s`) : ''}`);
  }

  const exit = report.exitCode;
  out.push('', p.bold('Summary'));
  out.push(columns([
    ['packs', `${c.packs} checked, ${c.entries} entries`, c.invalidPacks ? p.red(`${c.invalidPacks} invalid, ${plural(c.issues, 'issue')}`) : p.green('all valid')],
    ['URLs', `${c.urls} checked`, (c.urlErrors ? p.red(`${c.urlErrors} shape errors`) : p.green('0 shape errors')) + `, ${c.urlReview} to review`],
    ['terms', `${c.ended} ended`, `${c.endingSoon} ending within ${ENDING_SOON_DAYS} days`],
    ['succession', `ending within ${SUCCESSION_NOTICE_DAYS} days`, c.succession ? p.red(`${c.succession} with nothing said of what follows`) : p.green('all state what follows')],
    ['checks', `${c.stale} stale`, `${c.unverified} unverified`],
    ...(report.online ? [['online', `${c.onlineRequested} requested`, `${c.onlineOk} ok, ${c.onlineBroken} broken, ${c.onlineUnreachable} unreachable`]] : []),
  ]));
  const why = exit === 0
    ? (report.strict ? 'nothing listed' : 'ended/stale/unverified and URLs to review fail only with --strict')
    : [
      c.invalidPacks || c.urlErrors ? 'invalid pack or bad URL shape' : '',
      c.succession ? `term ending within ${SUCCESSION_NOTICE_DAYS} days with no succession stated: ${report.succession.map((x) => `${x.pack}/${x.id}`).join(', ')}` : '',
    ].filter(Boolean).join('; ') || 'listed entries under --strict';
  out.push('', exit === 0 ? p.green(`OK — exit 0`) + p.dim(` (${why})`) : p.red(`FAIL — exit ${exit}`) + p.dim(` (${why})`));
  return out.join('\n');
}
