// What the polls list shows, shared by the React screen (PollsListScreen) and the pre-React preview of the
// prerendered /vote page (preview.ts). One copy of the schema and the order, so the preview never lists a poll
// the app would drop, or in another order (its words and markup are the app's own cards, ListParts.tsx) — the
// takeover (src/app/prerender.ts) swaps the two copies when their text matches.
// No React, no Dexie here: the preview bundle must stay a few kilobytes.
import * as v from 'valibot';

export const QuestionSchema = v.object({ id: v.string(), question: v.string(), options: v.array(v.string()) });

export const UserPollSchema = v.object({
  pollId: v.string(),
  title: v.string(),
  questions: v.array(QuestionSchema),
  uploadedBy: v.nullish(v.object({ id: v.unknown(), first_name: v.optional(v.unknown()) })),
  uploaderId: v.optional(v.unknown()),
  uploadedOnMs: v.nullable(v.number()),
  /** Hidden by the organisers (issue #53), server time in ms; absent or null: shown. */
  hiddenAtMs: v.optional(v.nullable(v.number())),
  /** Closed by its owner (issue #54): no more answers. Removed: off the list (always closed first). */
  closedAtMs: v.optional(v.nullable(v.number())),
  /** Results only once closed (issue #54). */
  resultsAfterClose: v.optional(v.unknown()),
  removedAtMs: v.optional(v.nullable(v.number())),
});

export type UserPollDocument = v.InferOutput<typeof UserPollSchema>;

/** The documents the app keeps: anything that fails the schema is left out (and never crashes the list). */
export function validUserPolls(docs: readonly unknown[]): UserPollDocument[] {
  return docs.map((d) => v.safeParse(UserPollSchema, d)).flatMap((r) => (r.success ? [r.output] : []));
}

/** A poll with no upload time counts as just uploaded (it is stored that way, see toUserPollRow). */
export const uploadedOnOf = (doc: UserPollDocument, now: number): number => doc.uploadedOnMs ?? now;

export const firstNameOf = (doc: UserPollDocument): string => (typeof doc.uploadedBy?.first_name === 'string' ? doc.uploadedBy.first_name : '');

/** The list's order: newest first; polls uploaded at the same moment by id (code-unit order, as IndexedDB keys). */
export function inListOrder<T extends { pollId: string; uploadedOn: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.uploadedOn - a.uploadedOn || (a.pollId < b.pollId ? -1 : a.pollId > b.pollId ? 1 : 0));
}
