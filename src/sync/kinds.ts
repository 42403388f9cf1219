// The outbox knows kinds of writes only through this contract (the shape Replicache gives its mutators). Each
// kind is ONE module owned by its feature, holding the write's whole path: its payload's schema, its local effect
// (`apply`, run by mutate() in src/sync/outbox.ts), its target document, how it is pushed to the server through
// the Backend src/remote implements, what "sent" means on this device and what the queue screen calls it.
// They live in src/features/*/mutations/ and are listed once in src/features/outbox/writeKinds.ts, which the
// page's flusher, the service worker's and the queue screen are given.
import * as v from 'valibot';
import type { OutboxRow, Table, TownSquareDB } from '../db/core';
import type { Backend } from '../remote';
import { t } from '../lib/t';

export type { Backend };

/**
 * A kind of write. P: the payload its outbox rows carry; A: what a screen gives mutate(); R: what mutate() gives
 * back (the vote, the poll, the key).
 */
export interface WriteKind<P = unknown, A = never, R = void> {
  /** Stored on the row; never rename one that has shipped (rows outlive releases). */
  readonly kind: string;
  /** The payload of a stored row, checked whenever one is read back (rows outlive releases). */
  readonly schema: v.GenericSchema<unknown, P>;
  /** Every table `apply` and `sent` write: mutate() and the flusher open them with the outbox, in one transaction. */
  tables(db: TownSquareDB): Table[];
  /**
   * The local effect, inside mutate()'s transaction (the outbox row is added in the same one): what the screens
   * show at once. Returns the row's payload and what the caller gets back; throwing stores nothing at all.
   */
  apply(db: TownSquareDB, args: A, now: number): Promise<{ payload: P; result: R }>;
  /** The target document path: the row's idempotency key, one row per document. */
  target(p: P): string;
  /** The target of a row that must reach the server first (an answer to a poll made on this device). */
  after?(p: P): string | undefined;
  /**
   * The count on the server this write advances, if any (the writer's rate ring of a kind, a device's ballots in
   * a poll): rows naming the same one are sent one at a time, since two commits advancing one count at once read
   * it before either lands and the second is refused.
   */
  counter?(p: P): string | undefined;
  /** Sends one row's write (a set on a deterministic id: a replay lands on the same document). */
  push(backend: Backend, p: P): Promise<void>;
  /** Several rows of this kind waiting together, in one request: all land or none. */
  pushMany?(backend: Backend, ps: readonly P[]): Promise<void>;
  /** What "sent" means on this device; runs in the transaction that deletes the row. */
  sent(db: TownSquareDB, p: P, now: number): Promise<void>;
  /**
   * What the queue screen calls the item, in a visitor's words ("Your vote in “Fashion 2025”"): `what` names
   * it, `detail` adds what tells two of them apart. `ctx` knows the titles of the polls saved on this device.
   * Called at render, so it speaks the current language.
   */
  label(p: P, ctx: LabelContext): { what: string; detail: string };
  /**
   * A permanent refusal, by error code, in this kind's words (undefined: the generic wording). `err` is the
   * refusal itself, for what the remote layer established about it (e.g. a poll's close time). Called when the
   * server refuses, so its words are kept (in the row's lastError) in the language of that moment.
   */
  refusal?(code: string, err?: unknown): string | undefined;
}

export interface LabelContext {
  /** The title of an award or community poll saved on this device, if it is. */
  pollTitle(pollId: string): string | undefined;
}

// A registry holds kinds of different payloads; each is only ever called with a payload its own schema checked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = WriteKind<any, any, any>;
export type WriteKinds = ReadonlyMap<string, AnyKind>;

export function writeKinds(list: readonly AnyKind[]): WriteKinds {
  return new Map(list.map((k) => [k.kind, k]));
}

/** A stored payload checked against its kind's schema; null when this version cannot read it. */
export function parsePayload<P>(kind: WriteKind<P, never, unknown>, raw: unknown): P | null {
  const r = v.safeParse(kind.schema, raw);
  return r.success ? r.output : null;
}

/** A row's kind and checked payload, or why it cannot be sent. */
export function resolve(kinds: WriteKinds, row: Pick<OutboxRow, 'kind' | 'payload'>): { kind: AnyKind; payload: unknown } | { error: string } {
  const kind = kinds.get(row.kind);
  if (!kind) return { error: t('common.refused.unknownKind') };
  const payload = parsePayload(kind, row.payload);
  if (payload === null) return { error: t('common.refused.unreadable') };
  return { kind, payload };
}
