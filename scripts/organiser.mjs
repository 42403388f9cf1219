#!/usr/bin/env node
// `npm run organiser -- grant <email> [--password <pw>]`, `… revoke <email>`, `… list` (issue #31).
//
// Organisers are Firebase Auth e-mail/password users whose ID token carries the custom claim `organiser: true`;
// firestore.rules' organiser() checks that claim. Only an administrator can set custom claims, so this script
// speaks the Identity Toolkit REST API with administrator rights — the calls the Admin SDK makes, without adding
// firebase-admin (and its ~30 transitive packages) for four requests:
//   accounts:lookup (by e-mail) → accounts (create, only with --password) → accounts:update (customAttributes,
//   and validSince on revoke). The account's other custom claims are kept: the claim set is read, changed in
//   one key and written back whole (customAttributes replaces everything).
//
// Where (same code for both; only the base URL and the bearer token differ):
//   * FIREBASE_AUTH_EMULATOR_HOST set, or no credentials given: the Auth emulator at that host, else
//     127.0.0.1:$AUTH_PORT (9099), with `Authorization: Bearer owner` (the emulator's administrator).
//     The project is the one the emulator was started with — where the app's sign-ins land whatever project id
//     a build carries, since the emulator ignores API keys — learnt from the emulator itself (below); --project
//     overrides it.
//   * GOOGLE_APPLICATION_CREDENTIALS (a service-account key file, or the authorized_user file of `gcloud auth
//     application-default login`) or GOOGLE_OAUTH_ACCESS_TOKEN (e.g. `gcloud auth print-access-token`): the
//     real project --project / the key file's project_id / GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT /
//     VITE_FIREBASE_PROJECT_ID, at https://identitytoolkit.googleapis.com (IDENTITY_TOOLKIT_URL overrides it: used by
//     the tests to run this path against the emulator, which accepts any "ya29." token as the owner's).
//
// Revoking: an ID token already issued keeps `organiser: true` until it expires (≤ 1 h after issue) and the rules
// accept it until then. The script also revokes the account's refresh tokens (validSince = now, as the Admin
// SDK's revokeRefreshTokens), so on a real project the next refresh fails and the device must sign in again,
// getting a token without the claim. The Auth emulator records validSince but does not check it on refresh; there
// the next refresh simply returns a token without the claim.
//
// Exit codes: 0 done (also "already an organiser" / "was not one"); 1 no such account, or a refusal by the
// server; 2 usage (bad arguments, invalid e-mail, short password); 3 the Auth service cannot be reached or
// refused the credentials (e.g. the emulator is not running).
import { createSign, getRandomValues } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAIM = 'organiser';
/** The organiser `npm start` seeds on the emulators (never on a real project). */
export const DEMO_ORGANISER = Object.freeze({ email: 'organiser@example.org', password: 'town-square-demo' });
const PUBLIC_API = 'https://identitytoolkit.googleapis.com';
// Firebase's minimum; a real project may enforce a stronger password policy (its refusal is shown as it comes).
const MIN_PASSWORD = 6;
// What the Admin SDK asks for; identitytoolkit is the scope the Auth admin API checks.
const SCOPES = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/identitytoolkit';

export const EXIT = Object.freeze({ ok: 0, refused: 1, usage: 2, unreachable: 3 });

export class OrganiserError extends Error {
  constructor(message, exitCode = EXIT.refused) {
    super(message);
    this.name = 'OrganiserError';
    this.exitCode = exitCode;
  }
}

// The shape Firebase Auth itself insists on (one @, a dot in the domain, no spaces); Firebase stores e-mails in
// lower case, so lookups do too.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function normaliseEmail(raw) {
  const email = String(raw ?? '').trim().toLowerCase();
  if (!EMAIL.test(email)) throw new OrganiserError(`"${raw ?? ''}" is not a valid e-mail address (expected name@domain.tld).`, EXIT.usage);
  return email;
}

// ---------------------------------------------------------------------------------------------------------------
// Where the calls go, and with which bearer token

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{project?: string}} [options]
 * @returns {{kind: 'emulator' | 'project', base: string, host?: string, projectId: () => Promise<string>, headers: () => Promise<Record<string, string>>, describe: () => Promise<string>}}
 */
export function resolveTarget(env = process.env, { project } = {}) {
  const credentialsFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  const accessToken = env.GOOGLE_OAUTH_ACCESS_TOKEN;
  if (env.FIREBASE_AUTH_EMULATOR_HOST || (!credentialsFile && !accessToken)) {
    return emulatorTarget(env.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${env.AUTH_PORT || 9099}`, project);
  }
  let credentials = null;
  if (!accessToken) {
    try {
      credentials = JSON.parse(readFileSync(credentialsFile, 'utf8'));
    } catch (err) {
      throw new OrganiserError(`GOOGLE_APPLICATION_CREDENTIALS=${credentialsFile} cannot be read as a JSON key file: ${err.message}`, EXIT.usage);
    }
  }
  // firebase-admin's order: explicit, then the key's own project, then the environment.
  const projectId = project || credentials?.project_id || env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || env.VITE_FIREBASE_PROJECT_ID;
  if (!projectId) {
    throw new OrganiserError('Which Firebase project? Pass --project <id> or set GCLOUD_PROJECT (or VITE_FIREBASE_PROJECT_ID).', EXIT.usage);
  }
  let token = null;
  const bearer = async () => (token ??= accessToken ? Promise.resolve(accessToken) : mintAccessToken(credentials, credentialsFile));
  // A person's credentials (gcloud) are billed to a quota project, which the Identity Toolkit insists on; a service
  // account belongs to its project already (firebase-admin sends the header for person credentials only, too).
  const personal = Boolean(accessToken) || credentials?.type === 'authorized_user';
  return {
    kind: 'project',
    base: (env.IDENTITY_TOOLKIT_URL || PUBLIC_API).replace(/\/$/, ''),
    projectId: async () => projectId,
    headers: async () => ({ Authorization: `Bearer ${await bearer()}`, ...(personal ? { 'X-Goog-User-Project': env.GOOGLE_CLOUD_QUOTA_PROJECT || credentials?.quota_project_id || projectId } : {}) }),
    describe: async () => `Firebase project ${projectId}`,
  };
}

/** The Auth emulator at host:port, as its administrator. */
export function emulatorTarget(host, project) {
  const base = `http://${host}/identitytoolkit.googleapis.com`;
  let projectId = null;
  const target = {
    kind: 'emulator',
    base,
    host,
    headers: async () => ({ Authorization: 'Bearer owner' }),
    projectId: async () => (projectId ??= project ? Promise.resolve(project) : emulatorProject(target)),
    describe: async () => `the Auth emulator at ${host} (project ${await target.projectId()})`,
  };
  return target;
}

/**
 * The project the Auth emulator was started with. Its admin API serves any project id named in the path, but
 * the app's sign-ins (API key requests) always land in this one, and the environment cannot tell it reliably
 * (the test runner gives the integration suites and the e2e lanes project ids of their own on the same Auth
 * emulator). So ask: an anonymous sign-up's token names it as `aud`; the throw-away account is deleted at once.
 */
async function emulatorProject(target) {
  const { idToken, localId } = await call(target, 'accounts:signUp?key=town-square-organiser-cli', {}, { admin: false });
  const projectId = decodeJwtPayload(idToken).aud;
  await call(target, `projects/${projectId}/accounts:delete`, { localId });
  return projectId;
}

/** The payload of a JWT (no signature check: for reading what a token we were just handed says). */
export function decodeJwtPayload(jwt) {
  return JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** An OAuth access token from a key file: a service account's signed assertion, or a person's refresh token. */
async function mintAccessToken(credentials, file) {
  let body;
  let tokenUri;
  if (credentials?.type === 'service_account') {
    const now = Math.floor(Date.now() / 1000);
    tokenUri = credentials.token_uri || 'https://oauth2.googleapis.com/token';
    const segment = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${segment({ alg: 'RS256', typ: 'JWT', ...(credentials.private_key_id ? { kid: credentials.private_key_id } : {}) })}.${segment({ iss: credentials.client_email, scope: SCOPES, aud: tokenUri, iat: now, exp: now + 3600 })}`;
    let signature;
    try {
      signature = createSign('RSA-SHA256').update(unsigned).sign(credentials.private_key).toString('base64url');
    } catch (err) {
      throw new OrganiserError(`The private key in ${file} cannot sign: ${err.message}`, EXIT.usage);
    }
    body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` });
  } else if (credentials?.type === 'authorized_user') {
    tokenUri = credentials.token_uri || 'https://oauth2.googleapis.com/token';
    body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: credentials.refresh_token, client_id: credentials.client_id, client_secret: credentials.client_secret });
  } else {
    throw new OrganiserError(`${file} is a "${credentials?.type}" key file; use a service-account key or gcloud's application-default credentials.`, EXIT.usage);
  }
  let res;
  try {
    res = await fetch(tokenUri, { method: 'POST', body });
  } catch (err) {
    throw new OrganiserError(`Could not reach ${tokenUri} for an access token: ${err.cause?.code ?? err.message}`, EXIT.unreachable);
  }
  const json = await res.json().catch(() => ({}));
  if (!res.ok || !json.access_token) {
    throw new OrganiserError(`${tokenUri} refused the credentials in ${file}: HTTP ${res.status} ${json.error_description ?? json.error ?? ''}`.trim(), EXIT.unreachable);
  }
  return json.access_token;
}

// ---------------------------------------------------------------------------------------------------------------
// Identity Toolkit calls

async function call(target, endpoint, body, { admin = true, method = 'POST' } = {}) {
  const url = `${target.base}/v1/${endpoint}`;
  // Outside the try below: a refused key file is not a connection problem with the Auth service.
  const headers = { ...(admin ? await target.headers() : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) };
  let res;
  try {
    res = await fetch(url, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const why = err.cause?.code ?? err.name ?? err.message;
    if (target.kind === 'emulator') {
      throw new OrganiserError(
        `No Auth emulator answers at ${target.host} (${why}). Start it (npm start, or npm run emulators), or point ` +
          'FIREBASE_AUTH_EMULATOR_HOST / AUTH_PORT at the one running. For a real project set GOOGLE_APPLICATION_CREDENTIALS ' +
          'or GOOGLE_OAUTH_ACCESS_TOKEN.',
        EXIT.unreachable,
      );
    }
    throw new OrganiserError(`Could not reach ${target.base} (${why}).`, EXIT.unreachable);
  }
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OrganiserError(`${url} answered HTTP ${res.status} with something that is not the Identity Toolkit (${text.slice(0, 120)}). Is ${target.host ?? target.base} really the Auth service?`, EXIT.unreachable);
  }
  if (res.ok) return json;
  const message = String(json.error?.message ?? text);
  if (/^INVALID_EMAIL/.test(message)) throw new OrganiserError('The Auth service says the e-mail address is invalid.', EXIT.usage);
  if (/^WEAK_PASSWORD/.test(message)) throw new OrganiserError(`The Auth service refused the password: ${message.replace(/^WEAK_PASSWORD\s*:?\s*/, '')}`, EXIT.usage);
  if (res.status === 401 || res.status === 403) {
    throw new OrganiserError(`${await target.describe().catch(() => target.base)} refused the credentials (HTTP ${res.status}: ${message}). The account needs the Firebase Authentication Admin role on the project.`, EXIT.unreachable);
  }
  throw new OrganiserError(`The Auth service refused ${endpoint.split('?')[0]}: HTTP ${res.status} ${message}`, EXIT.refused);
}

async function lookup(target, email) {
  const { users } = await call(target, `projects/${await target.projectId()}/accounts:lookup`, { email: [email] });
  return users?.[0] ?? null;
}

function claimsOf(user) {
  try {
    const claims = JSON.parse(user.customAttributes || '{}');
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? claims : {};
  } catch {
    return {};
  }
}

/**
 * Makes `email` an organiser; with `password`, creates the account first if there is none (an existing
 * account's password is left as it is).
 * @returns {Promise<{email: string, uid: string, created: boolean, changed: boolean, claims: Record<string, unknown>}>}
 */
export async function grantOrganiser(rawEmail, { password, target = resolveTarget() } = {}) {
  const email = normaliseEmail(rawEmail);
  if (password !== undefined && String(password).length < MIN_PASSWORD) {
    throw new OrganiserError(`The password must have at least ${MIN_PASSWORD} characters.`, EXIT.usage);
  }
  const projectId = await target.projectId();
  let user = await lookup(target, email);
  let created = false;
  if (!user) {
    if (password === undefined) {
      throw new OrganiserError(`No account for ${email} in ${await target.describe()}. Pass --password <password> to create it (they sign in with that e-mail and password).`, EXIT.refused);
    }
    const { localId } = await call(target, `projects/${projectId}/accounts`, { email, password: String(password) });
    user = { localId, email };
    created = true;
  }
  const claims = claimsOf(user);
  if (claims[CLAIM] === true) return { email, uid: user.localId, created, changed: false, claims, passwordKept: !created && password !== undefined };
  const next = { ...claims, [CLAIM]: true };
  await call(target, `projects/${projectId}/accounts:update`, { localId: user.localId, customAttributes: JSON.stringify(next) });
  return { email, uid: user.localId, created, changed: true, claims: next, passwordKept: !created && password !== undefined };
}

/**
 * Removes the claim (other claims stay) and revokes the account's refresh tokens.
 * @returns {Promise<{email: string, uid: string, changed: boolean, claims: Record<string, unknown>, validSince?: number}>}
 */
export async function revokeOrganiser(rawEmail, { target = resolveTarget() } = {}) {
  const email = normaliseEmail(rawEmail);
  const user = await lookup(target, email);
  if (!user) throw new OrganiserError(`No account for ${email} in ${await target.describe()}: nothing to revoke.`, EXIT.refused);
  const { [CLAIM]: had, ...rest } = claimsOf(user);
  if (had === undefined) return { email, uid: user.localId, changed: false, claims: rest };
  const validSince = Math.floor(Date.now() / 1000);
  await call(target, `projects/${await target.projectId()}/accounts:update`, {
    localId: user.localId,
    customAttributes: JSON.stringify(rest),
    validSince: String(validSince),
  });
  return { email, uid: user.localId, changed: true, claims: rest, validSince };
}

/** Every account holding the claim (pages through all accounts: fine for an event's few hundred or thousand). */
export async function listOrganisers({ target = resolveTarget() } = {}) {
  const projectId = await target.projectId();
  const found = [];
  let pageToken = '';
  do {
    const page = await call(target, `projects/${projectId}/accounts:batchGet?maxResults=1000${pageToken ? `&nextPageToken=${encodeURIComponent(pageToken)}` : ''}`, undefined, { method: 'GET' });
    for (const user of page.users ?? []) {
      const claims = claimsOf(user);
      if (claims[CLAIM] === true) found.push({ email: user.email ?? '(no e-mail)', uid: user.localId, claims });
    }
    pageToken = page.users?.length ? (page.nextPageToken ?? '') : '';
  } while (pageToken);
  return found.sort((a, b) => a.email.localeCompare(b.email));
}

// ---------------------------------------------------------------------------------------------------------------
// Voting codes (issue #52): `npm run organiser -- codes <poll id | --night> --count N [--csv file] [--site URL]`.
// The same codes the console makes (src/lib/votingCodes.ts: 20 characters of Crockford's base32, 100 bits from the
// secure random source), stored as the console stores them — voting-codes/{code} = {poll, issued: the server's
// time, batch} — through Firestore's REST API with administrator rights (the emulator's owner token locally, an
// OAuth token on a real project), each only if no such code exists yet. Printed, or written, as CSV: code, short
// form, link (the ballot's address carrying the code; a night's code opens the polls list).

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // src/lib/votingCodes.ts, and the rules' pattern
export const NIGHT = '*';

export function newVotingCode() {
  return Array.from(getRandomValues(new Uint8Array(20)), (b) => CODE_ALPHABET[b & 31]).join('');
}
const shortForm = (code) => code.replace(/(.{4})(?!$)/g, '$1-');
// As the console's CSV (src/features/polls/logic.ts csvCell): every cell quoted, a leading = + - @ made text.
const csvCell = (value) => {
  const text = String(value);
  return `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};
export function codeLink(site, scope, code) {
  const base = site.replace(/\/$/, '');
  return scope === NIGHT ? `${base}/vote?code=${code}` : `${base}/poll?id=${encodeURIComponent(scope)}&code=${code}`;
}
export function codesCsv(site, scope, codes) {
  const rows = [['code', 'short_code', 'link'], ...codes.map((c) => [c, shortForm(c), codeLink(site, scope, c)])];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Where Firestore's REST API is, and as whom: the emulator's owner locally, the target's OAuth token on a project. */
function firestoreTarget(env, target) {
  if (target.kind === 'emulator') {
    const host = env.FIRESTORE_EMULATOR_HOST || `127.0.0.1:${env.FIRESTORE_PORT || 8080}`;
    const projectId = env.VITE_FIREBASE_PROJECT_ID || env.GCLOUD_PROJECT || 'demo-town-square';
    return { base: `http://${host}/v1/projects/${projectId}/databases/(default)/documents`, headers: async () => ({ Authorization: 'Bearer owner' }), where: `the Firestore emulator at ${host} (project ${projectId})` };
  }
  return {
    base: `${(env.FIRESTORE_URL || 'https://firestore.googleapis.com').replace(/\/$/, '')}/v1/projects/${'{project}'}/databases/(default)/documents`,
    headers: target.headers,
    project: target.projectId,
    where: 'Firestore',
  };
}

/**
 * Makes `count` codes for `scope` (a poll's id, or NIGHT) and stores them, 500 to a commit, each only where no code
 * is yet. Returns them.
 */
export async function storeVotingCodes(scope, count, { batch = `cli-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`, target = resolveTarget(), env = process.env } = {}) {
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new OrganiserError('--count must be a whole number from 1 to 10000.', EXIT.usage);
  if (scope !== NIGHT && !/^[\w-]{1,128}$/.test(scope)) throw new OrganiserError(`"${scope}" is not a poll id.`, EXIT.usage);
  const fs = firestoreTarget(env, target);
  const base = fs.project ? fs.base.replace('{project}', await fs.project()) : fs.base;
  const root = base.slice(base.indexOf('projects/'));
  const codes = new Set();
  while (codes.size < count) codes.add(newVotingCode());
  const all = [...codes];
  const commits = [];
  for (let i = 0; i < all.length; i += 500) commits.push(all.slice(i, i + 500));
  // The commits at once: each is its own 500 documents, and a server takes them side by side.
  await Promise.all(commits.map(async (chunk) => {
    const writes = chunk.map((code) => ({
      update: { name: `${root}/voting-codes/${code}`, fields: { poll: { stringValue: scope }, batch: { stringValue: batch } } },
      updateTransforms: [{ fieldPath: 'issued', setToServerValue: 'REQUEST_TIME' }],
      currentDocument: { exists: false },
    }));
    let res;
    try {
      res = await fetch(`${base}:commit`, { method: 'POST', headers: { ...(await fs.headers()), 'Content-Type': 'application/json' }, body: JSON.stringify({ writes }), signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      throw new OrganiserError(`Could not reach ${fs.where} (${err.cause?.code ?? err.message}). Start it (npm start) or point FIRESTORE_EMULATOR_HOST / FIRESTORE_PORT at it.`, EXIT.unreachable);
    }
    if (!res.ok) throw new OrganiserError(`${fs.where} refused the codes: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`, res.status === 401 || res.status === 403 ? EXIT.unreachable : EXIT.refused);
  }));
  return { codes: all, batch, where: fs.where };
}

// ---------------------------------------------------------------------------------------------------------------
// CLI

const USAGE = `Usage:
  npm run organiser -- grant <email> [--password <password>] [--project <id>]
  npm run organiser -- revoke <email> [--project <id>]
  npm run organiser -- list [--project <id>]
  npm run organiser -- codes <poll id> | --night  --count <n> [--csv <file>] [--site <https://…>] [--project <id>]
Local Auth emulator by default (FIREBASE_AUTH_EMULATOR_HOST, or 127.0.0.1:$AUTH_PORT, 9099); a real project with
GOOGLE_APPLICATION_CREDENTIALS or GOOGLE_OAUTH_ACCESS_TOKEN (README, "How to run an event").`;

function parseArgs(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const m = /^--(password|project|count|csv|site)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new OrganiserError(`--${m[1]} needs a value.\n${USAGE}`, EXIT.usage);
      options[m[1]] = value;
    } else if (arg === '--help' || arg === '-h') {
      options.help = true;
    } else if (arg === '--night') {
      options.night = true;
    } else if (arg.startsWith('--')) {
      throw new OrganiserError(`Unknown option ${arg}.\n${USAGE}`, EXIT.usage);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

const otherClaims = (claims) => {
  const rest = Object.keys(claims).filter((k) => k !== CLAIM);
  return rest.length ? ` (other claims kept: ${rest.join(', ')})` : '';
};

async function main(argv) {
  const { positional, options } = parseArgs(argv);
  const [command, email, ...extra] = positional;
  if (options.help) return console.log(USAGE);
  if (command === 'codes') {
    const scope = options.night ? NIGHT : email;
    if (!scope || (options.night && email !== undefined) || extra.length || options.count === undefined) throw new OrganiserError(USAGE, EXIT.usage);
    const target = resolveTarget(process.env, { project: options.project });
    const site = options.site ?? process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT || 4173}`;
    const { codes, batch, where } = await storeVotingCodes(scope, Number(options.count), { target });
    const csv = codesCsv(site, scope, codes);
    if (options.csv) writeFileSync(options.csv, csv);
    else process.stdout.write(csv);
    console.error(`Stored ${codes.length} voting codes for ${scope === NIGHT ? 'every award poll (the whole night)' : `poll ${scope}`} in ${where}, batch ${batch}${options.csv ? `; CSV written to ${options.csv}` : ''}. Print their QR cards from /organiser (the poll's Voting codes).`);
    return;
  }
  if (!['grant', 'revoke', 'list'].includes(command) || (command === 'list' ? email !== undefined : email === undefined) || extra.length) {
    throw new OrganiserError(USAGE, EXIT.usage);
  }
  if (options.password !== undefined && command !== 'grant') throw new OrganiserError(`--password goes with grant only.\n${USAGE}`, EXIT.usage);
  if (command !== 'list') normaliseEmail(email); // before any request: a typo is not a connection problem
  const target = resolveTarget(process.env, { project: options.project });
  const where = await target.describe();
  if (command === 'grant') {
    const r = await grantOrganiser(email, { password: options.password, target });
    const who = `${r.email} (uid ${r.uid})`;
    const what = r.created ? `Created ${who} and made it an organiser in ${where}` : r.changed ? `${who} is now an organiser in ${where}` : `${who} was already an organiser in ${where}; nothing changed`;
    console.log(`${what}${otherClaims(r.claims)}.`);
    if (r.passwordKept) console.log('The account already existed: its password was left unchanged.');
    console.log('They sign in at /organiser with this e-mail and password. A device already signed in as them gets the claim at its next token refresh (within 1 hour), or at once by signing out and in again.');
  } else if (command === 'revoke') {
    const r = await revokeOrganiser(email, { target });
    if (!r.changed) {
      console.log(`${r.email} (uid ${r.uid}) was not an organiser in ${where}; nothing changed.`);
      return;
    }
    console.log(`${r.email} (uid ${r.uid}) is no longer an organiser in ${where}${otherClaims(r.claims)}.`);
    console.log(
      'ID tokens already issued keep organiser: true until they refresh (at most 1 hour after issue); the security rules accept them until then. ' +
        `Their refresh tokens were revoked (validSince ${new Date(r.validSince * 1000).toISOString()}), so the next refresh signs that device out and a new sign-in carries no claim.`,
    );
    if (target.kind === 'emulator') console.log('(The Auth emulator records the revocation but does not enforce it on refresh: there the next refresh returns a token without the claim.)');
  } else {
    const list = await listOrganisers({ target });
    console.log(list.length ? `${list.length} organiser(s) in ${where}:` : `No organisers in ${where}.`);
    for (const o of list) console.log(`  ${o.email}  uid ${o.uid}${otherClaims(o.claims)}`);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    await main(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof OrganiserError)) throw err;
    console.error(`organiser: ${err.message}`);
    process.exitCode = err.exitCode;
  }
}
