import { useState, type ReactElement } from 'react';
import type { OutboxRow } from '../../db';
import { WRITE_KINDS } from '../../app/writeKinds';
import { discardRow, retryRow, sendNow, useOutbox, useSyncStatus } from '../../sync';
import { resolve } from '../../sync/kinds';
import { PageHeader } from '../../ui/PageHeader';

function age(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} days ago`;
}

/** What the item is, in its kind's words (src/sync/kinds.ts); a row this version cannot read says so. */
function describe(row: OutboxRow): { what: string; detail: string } {
  const r = resolve(WRITE_KINDS, row);
  return 'kind' in r ? r.kind.label(r.payload) : { what: 'Item', detail: r.error };
}

/** Every item waiting to reach the server, with its state and what the user can do about it. */
export function SyncQueueScreen(): ReactElement {
  const view = useOutbox();
  const { sending, online } = useSyncStatus();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const now = Date.now();

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
              : `${view.waiting} waiting to send${view.failed ? `, ${view.failed} not accepted by the server` : ''}.${online ? '' : ' You are offline: they will be sent when the connection returns.'}`}
        </p>
        <button type="button" className="btn" onClick={() => void send()} disabled={busy || sending || !view || view.rows.length === 0}>
          {sending || busy ? 'Sending…' : 'Send now'}
        </button>
        <ul className="queue-list" aria-label="Items waiting to send">
          {view?.rows.map((row) => (
            <li key={row.seq} className="card queue-item" data-state={row.state}>
              <div className="queue-head">
                <strong>{describe(row).what}</strong>
                <span className={`pill ${row.state}`}>{row.state === 'failed' ? 'Not accepted' : row.state === 'sending' ? 'Sending' : 'Waiting'}</span>
              </div>
              <p className="queue-summary">{describe(row).detail}</p>
              <p className="muted small">
                Saved {age(row.createdAt, now)} · {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'}
              </p>
              {row.lastError ? <p className={row.state === 'failed' ? 'field-error' : 'muted small'}>{row.lastError}</p> : null}
              <div className="queue-actions">
                <button type="button" className="btn btn-small" onClick={() => void retryRow(row.seq!)}>Retry</button>
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
          ))}
        </ul>
      </div>
    </section>
  );
}
