// Voting codes on the organisers' side (issue #52): made on this device (src/lib/votingCodes.ts, the platform's
// secure random source), stored through the organiser client, and handed out as a CSV for a mail merge and a sheet
// of QR cards. A card's QR is the ballot's address carrying its code; a code for the whole night opens the polls list,
// which keeps it for every ballot. Pure: the screen, the CLI's twin (scripts/organiser.mjs) and the tests share it.
import { newCode, NIGHT, shortForm } from '../../lib/votingCodes';
import { csvCell } from '../polls/logic';

/** The most codes made at once (a night's tickets; 2,000 are stored in four commits). */
export const CODES_AT_ONCE_MAX = 2000;

/** `count` new codes, all different. */
export function makeCodes(count: number, random?: (bytes: Uint8Array) => Uint8Array): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newCode(random));
  return [...codes];
}

/** Where a card's QR leads: the poll's ballot with the code, or for the night's codes the polls list with it. */
export function codeLink(origin: string, scope: string, code: string): string {
  return scope === NIGHT ? `${origin}/vote?code=${code}` : `${origin}/poll?id=${encodeURIComponent(scope)}&code=${code}`;
}

/** The codes as CSV for a mail merge: the code, its short form (what a person types) and its link; formula-safe. */
export function codesCsv(origin: string, codes: readonly { code: string; scope: string }[]): string {
  const rows = [['code', 'short_code', 'link'], ...codes.map(({ code, scope }) => [code, shortForm(code), codeLink(origin, scope, code)])];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A name for one batch of codes, shown on its sheet and stored with each code. */
export const batchName = (now: Date = new Date()): string => `batch-${now.toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;
