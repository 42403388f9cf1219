// The organisers' live tally (issue #31): counts per category and nominee from the award-tally mirror's rows, and
// the CSV export of those counts. Pure: the screen, present mode and the tests share it.
import { percent } from '../../lib/percent';
import { csvCell } from '../polls/logic';
import type { RefusalRow, TallyRow } from './client';

export interface NomineeCount {
  nominee: string;
  votes: number;
  /** Share of this category's voters, one decimal (src/lib/percent.ts, as the community polls show it). */
  share: number;
  /** Among the most voted (with at least one vote). */
  leading: boolean;
}

export interface CategoryTally {
  id: string;
  question: string;
  /** In the ballot's order (the poll's options, blanks and repeats left out). */
  nominees: NomineeCount[];
  /** Who voted in this category with a nominee it still lists. */
  voters: number;
  /** The most voted nominees; more than one is a tie; none before the first vote. */
  leaders: string[];
  tie: boolean;
}

export interface PollTally {
  categories: CategoryTally[];
  /** Votes with at least one answer that counts. */
  voters: number;
  /** The latest counted vote's cast time (ms), or null before any. */
  latestAt: number | null;
  /** The ids of the rows counted (at least one answer for a listed nominee): the integrity view's ballots. */
  counted: ReadonlySet<string>;
}

type PollShape = { id: string; questions: readonly { id: string; question: string; options: readonly string[] }[] };

/**
 * Counts a poll's votes. An answer that is not one of its category's nominees (a nominee renamed or removed after
 * the vote, or a forged row) is never counted — the row is kept on the server, it just stops counting here. Rows
 * of another poll and repeated row ids are left out.
 */
export function tallyPoll(poll: PollShape, rows: readonly TallyRow[]): PollTally {
  const seen = new Set<string>();
  const mine = rows.filter((r) => r.pollId === poll.id && !seen.has(r.id) && (seen.add(r.id), true));
  const nomineesOf = poll.questions.map((q) => [...new Set(q.options.filter((o) => o.trim() !== ''))]);
  const counted = new Set<TallyRow>();

  const categories = poll.questions.map((q, i): CategoryTally => {
    const nominees = nomineesOf[i]!;
    const counts = new Map(nominees.map((n) => [n, 0]));
    let voters = 0;
    for (const r of mine) {
      const answer = Object.prototype.hasOwnProperty.call(r.answers, q.id) ? r.answers[q.id] : undefined;
      if (answer === undefined || !counts.has(answer)) continue;
      counts.set(answer, counts.get(answer)! + 1);
      voters += 1;
      counted.add(r);
    }
    const top = Math.max(0, ...counts.values());
    const leaders = top > 0 ? nominees.filter((n) => counts.get(n) === top) : [];
    return {
      id: q.id,
      question: q.question,
      nominees: nominees.map((n) => ({ nominee: n, votes: counts.get(n)!, share: percent(counts.get(n)!, voters), leading: leaders.includes(n) })),
      voters,
      leaders,
      tie: leaders.length > 1,
    };
  });

  let latestAt: number | null = null;
  for (const r of counted) {
    const at = Date.parse(r.at);
    if (Number.isFinite(at) && (latestAt === null || at > latestAt)) latestAt = at;
  }
  return { categories, voters: counted.size, latestAt, counted: new Set([...counted].map((r) => r.id)) };
}

/** The counts as CSV: one row per category and nominee; cells quoted and formula-safe like the community polls' export. */
// The poll is not read: the screen's file name carries its title, and every row has the same four columns.
export function tallyCsv(_poll: { title: string }, tally: PollTally, extra: readonly string[][] = []): string {
  const header = ['category', 'nominee', 'votes', 'share'];
  const rows = tally.categories.flatMap((c) => c.nominees.map((n) => [c.question, n.nominee, String(n.votes), String(n.share)]));
  return [header, ...rows, ...extra].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name for the export: the title's letters and digits, never empty. */
export const csvFileName = (title: string): string => `${title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'award-poll'}-tally.csv`;

/**
 * How a poll's ballots came in (issue #52), counts only: nothing here names a device, a voter or a code.
 * - ballots by mode (a row's `via`; rows from before it count as open);
 * - devices: a device's first ballot in the poll is its row with n = 1 (rows from before n, each counted as one);
 * - the most ballots from one device: the highest n;
 * - codes issued for the poll (its own and the night's) and used (rows that came with a code);
 * - refusals the phones reported, by cause.
 */
export interface Integrity {
  ballots: number;
  byCode: number;
  open: number;
  devices: number;
  mostFromOneDevice: number;
  codesIssued: number | null;
  codesUsed: number;
  refused: Record<string, number>;
}

export const REFUSAL_CAUSES = ['code-used', 'code-invalid', 'device-limit', 'window', 'email-used'] as const;

export function integrityOf(pollId: string, rows: readonly TallyRow[], refusals: readonly RefusalRow[], codesIssued: number | null): Integrity {
  const seen = new Set<string>();
  const mine = rows.filter((r) => r.pollId === pollId && !seen.has(r.id) && (seen.add(r.id), true));
  const byCode = mine.filter((r) => r.via === 'code').length;
  const refused: Record<string, number> = Object.fromEntries(REFUSAL_CAUSES.map((c) => [c, 0]));
  for (const r of refusals) if (r.pollId === pollId && r.cause in refused) refused[r.cause]! += 1;
  return {
    ballots: mine.length,
    byCode,
    open: mine.length - byCode,
    devices: mine.filter((r) => r.n === undefined || r.n === 1).length,
    mostFromOneDevice: Math.max(0, ...mine.map((r) => r.n ?? 1)),
    codesIssued,
    codesUsed: byCode,
    refused,
  };
}

/**
 * The integrity lines the CSV ends with, in the same four columns (a spreadsheet keeps them under the counts) and,
 * like its header, in English: a file for tools as much as for people.
 */
export function integrityCsvRows(i: Integrity, mode: 'open' | 'ticketed'): string[][] {
  const line = (what: string, value: string) => ['integrity', what, value, ''];
  return [
    line('who may vote', mode),
    line('ballots counted', String(i.ballots)),
    line('devices', String(i.devices)),
    line('most ballots from one device', String(i.mostFromOneDevice)),
    ...(mode === 'ticketed' ? [line('voting codes used', `${i.codesUsed} of ${i.codesIssued ?? '?'}`)] : []),
    ...REFUSAL_CAUSES.map((c) => line(`refused: ${c}`, String(i.refused[c] ?? 0))),
  ];
}

