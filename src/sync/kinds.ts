// The outbox knows kinds of writes only through this contract (the shape Replicache gives its mutators). Each
// kind is one module owned by its feature (features/polls/writes.ts: award vote, poll answer, user poll;
// features/account/writes.ts: feedback), listed once in src/features/outbox/writeKinds.ts, which the page's flusher, the
// service worker's and the queue screen are given.
import type { OutboxRow, Table, TownSquareDB } from '../db/core';
import type { Backend } from '../remote';
import { t } from '../lib/t';

export type { Backend };

export interface WriteKind<P = unknown> {
  /** Stored on the row; never rename one that has shipped (rows outlive releases). */
  readonly kind: string;
  /** The payload of a stored row, checked (rows outlive releases); null when it cannot be sent. */
  parse(raw: unknown): P | null;
  /** The target document path: the row's idempotency key, one row per document. */
  target(p: P): string;
  deliver(backend: Backend, p: P): Promise<void>;
  /** Several rows of this kind waiting together, in one request: all land or none. */
  deliverMany?(backend: Backend, ps: readonly P[]): Promise<void>;
  /** The target of a row that must reach the server first (an answer to a poll made on this device). */
  after?(p: P): string | undefined;
  /** The tables `sent` writes. */
  tables(db: TownSquareDB): Table[];
  /** What "sent" means on this device; runs in the transaction that deletes the row. */
  sent(db: TownSquareDB, p: P, now: number): Promise<void>;
  /**
   * What the queue screen calls the item, in a visitor's words ("Your vote in “Fashion 2025”"): `what` names
   * it, `detail` adds what tells two of them apart. `ctx` knows the titles of the polls saved on this device.
   */
  label(p: P, ctx: LabelContext): { what: string; detail: string };
  /**
   * A permanent refusal, by error code, in this kind's words (undefined: the generic wording). `err` is the
   * refusal itself, for what the remote layer established about it (e.g. a poll's close time).
   */
  refusal?(code: string, err?: unknown): string | undefined;
}

export interface LabelContext {
  /** The title of an award or community poll saved on this device, if it is. */
  pollTitle(pollId: string): string | undefined;
}

// A registry holds kinds of different payloads; each is only ever called with a payload its own parse made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = WriteKind<any>;
export type WriteKinds = ReadonlyMap<string, AnyKind>;

export function writeKinds(list: readonly AnyKind[]): WriteKinds {
  return new Map(list.map((k) => [k.kind, k]));
}

/** A row's kind and checked payload, or why it cannot be sent. */
export function resolve(kinds: WriteKinds, row: OutboxRow): { kind: AnyKind; payload: unknown } | { error: string } {
  const kind = kinds.get(row.kind);
  if (!kind) return { error: t('common.refused.unknownKind') };
  const payload = kind.parse(row.payload);
  if (payload === null) return { error: t('common.refused.unreadable') };
  return { kind, payload };
}
