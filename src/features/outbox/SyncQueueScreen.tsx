import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { db, type OutboxRow } from '../../db';
import { useLiveQuery } from '../../db/live';
import { WRITE_KINDS } from '../../app/writeKinds';
import { discardRow, sendNow, useOutbox, useSyncStatus } from '../../sync';
import { resolve, type LabelContext } from '../../sync/kinds';
import { PageHeader } from '../../ui/PageHeader';

/** The current time, ticking every `ms`, so "Saved 5 s ago" and "Trying again in 12 s" move while you watch. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86_400);
  return d === 1 ? 'yesterday' : `${d} days ago`;
}

function inTime(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** What the item is, in its kind's words (src/sync/kinds.ts); a row this version cannot read says so. */
function describe(row: OutboxRow, ctx: LabelContext): { what: string; detail: string } {
  const r = resolve(WRITE_KINDS, row);
  return 'kind' in r ? r.kind.label(r.payload, ctx) : { what: 'An item this version of the app cannot read', detail: r.error };
}

/** What happens next to an item, from its state, its next attempt and the connection. */
function nextStep(row: OutboxRow, online: boolean, sending: boolean, now: number): string {
  if (row.state === 'failed') return 'It will not be sent. You can discard it.';
  if (row.state === 'sending') return 'Sending now…';
  if (!online) return 'It will be sent when you are back online.';
  if (sending || row.nextAttemptAt <= now) return 'Sending shortly…';
  return `Trying again in ${inTime(row.nextAttemptAt - now)}.`;
}

/** Every item waiting to reach the server, with what it is, why it waits, and what happens next. */
export function SyncQueueScreen(): ReactElement {
  const view = useOutbox();
  const { sending, online } = useSyncStatus();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(1000);
  // Titles of the polls saved here, so an item says which poll it belongs to.
  const titles = useLiveQuery(async () => {
    const [awards, community] = await Promise.all([db.polls.toArray(), db.userPolls.toArray()]);
    return new Map<string, string>([...awards.map((p) => [p.id, p.title] as const), ...community.map((p) => [p.pollId, p.title] as const)]);
  }, []);
  const ctx = useMemo<LabelContext>(() => ({ pollTitle: (id) => titles?.get(id) }), [titles]);
  const waiting = view ? view.waiting : 0;

  const send = async () => {
    setBusy(true);
    try {
      await sendNow();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="screen">
      <PageHeader title="Waiting to send" />
      <div className="screen-body stack">
        <p className="muted" role="status">
          {!view
            ? 'Loading…'
            : view.rows.length === 0
              ? 'Everything has been sent.'
              : [
                  waiting > 0 ? `${waiting} waiting to send.` : '',
                  view.failed > 0 ? `${view.failed} not accepted by the server.` : '',
                  waiting > 0 && !online ? 'You are offline: they will be sent when the connection returns.' : '',
                ].filter(Boolean).join(' ')}
        </p>
        {waiting > 0 ? (
          <button type="button" className="btn queue-send" onClick={() => void send()} disabled={busy || sending || !online}>
            {sending || busy ? 'Sending…' : 'Send now'}
          </button>
        ) : null}
        {view && view.rows.length > 0 ? (
          <ul className="queue-list" aria-label="Items waiting to send">
            {view.rows.map((row) => {
              const { what, detail } = describe(row, ctx);
              return (
                <li key={row.seq} className="card queue-item" data-state={row.state}>
                  <div className="queue-head">
                    <strong className="queue-what">{what}</strong>
                    <span className={`pill ${row.state}`}>{row.state === 'failed' ? 'Not accepted' : row.state === 'sending' ? 'Sending' : 'Waiting'}</span>
                  </div>
                  {detail ? <p className="queue-summary">{detail}</p> : null}
                  <p className="muted small">Saved {ago(row.createdAt, now)}{row.attempts > 0 ? ` · tried ${row.attempts === 1 ? 'once' : `${row.attempts} times`}` : ''}</p>
                  <p className={row.state === 'failed' ? 'field-error' : 'small'}>
                    {row.lastError ? `${row.lastError} ` : ''}{nextStep(row, online, sending, now)}
                  </p>
                  <div className="queue-actions">
                    {confirming === row.seq ? (
                      <span role="group" aria-label="Confirm discard">
                        <span className="small">Discard for good? </span>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => void discardRow(row.seq!).then(() => setConfirming(null))}>Yes, discard</button>{' '}
                        <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(null)}>Keep</button>
                      </span>
                    ) : (
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(row.seq!)}>Discard</button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
