import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { db, type OutboxRow, type SentReceipt } from '../../db';
import { RECEIPTS_KEPT, recentReceipts } from '../../db/receipts';
import { useLiveQuery } from '../../db/live';
import { WRITE_KINDS } from './writeKinds';
import { useOnline } from '../../session';
import { discardRow, sendNow, useOutbox, useSyncStatus } from '../../sync';
import { parsePayload, resolve, type LabelContext } from '../../sync/kinds';
import { PageHeader } from '../../ui/PageHeader';
import { formatDate, formatNumber } from '../../lib/intl';
import { t, useT } from './t';

/** The current time, ticking every `ms`, so "Saved 5 s ago" and "Trying again in 12 s" move while you watch. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

// The functions below run while the screen renders (useT there re-renders it on a language switch), so the
// module's `t` gives the current language.

/** How long ago, as a phrase for `outbox.saved` ("just now", "5 s ago", "yesterday"). */
function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 5) return t('outbox.ago.now');
  if (s < 60) return t('outbox.ago.seconds', { count: s });
  if (s < 3600) return t('outbox.ago.minutes', { count: Math.floor(s / 60) });
  if (s < 86_400) return t('outbox.ago.hours', { count: Math.floor(s / 3600) });
  return t('outbox.ago.days', { count: Math.floor(s / 86_400) });
}

/** What the item is, in its kind's words (src/sync/kinds.ts); a row this version cannot read says so. */
function describe(row: OutboxRow, ctx: LabelContext): { what: string; detail: string } {
  const r = resolve(WRITE_KINDS, row);
  return 'kind' in r ? r.kind.label(r.payload, ctx) : { what: t('outbox.unreadable'), detail: r.error };
}

/** What a sent item was, in its kind's words (as on the queue); one this version cannot read says so. */
function describeSent(receipt: SentReceipt, ctx: LabelContext): string {
  const kind = WRITE_KINDS.get(receipt.kind);
  const payload = kind ? parsePayload(kind, receipt.payload) : null;
  return kind && payload !== null ? kind.label(payload, ctx).what : t('outbox.unreadable');
}

/** When it was sent: the time today ("9:32 PM"), else the day and time, in the current language. */
function sentWhen(at: number, now: number): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return formatDate(at, sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** What happens next to an item, from its state, its next attempt and the connection. */
function nextStep(row: OutboxRow, online: boolean, sending: boolean, now: number): string {
  if (row.state === 'failed') return t('outbox.next.failed');
  if (row.state === 'sending') return t('outbox.next.sendingNow');
  if (!online) return t('outbox.next.offline');
  if (sending || row.nextAttemptAt <= now) return t('outbox.next.shortly');
  const s = Math.max(1, Math.ceil((row.nextAttemptAt - now) / 1000));
  return s < 60 ? t('outbox.next.seconds', { count: s }) : t('outbox.next.minutes', { count: Math.ceil(s / 60) });
}

/** Every item waiting to reach the server, with what it is, why it waits, and what happens next. */
export function OutboxScreen(): ReactElement {
  const t = useT();
  const view = useOutbox();
  const sending = useSyncStatus((s) => s.sending);
  const online = useOnline();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(1000);
  // Titles of the polls saved here, so an item says which poll it belongs to.
  const titles = useLiveQuery(async () => {
    const [awards, community] = await Promise.all([db.polls.toArray(), db.userPolls.toArray()]);
    return new Map<string, string>([...awards.map((p) => [p.id, p.title] as const), ...community.map((p) => [p.pollId, p.title] as const)]);
  }, []);
  const ctx = useMemo<LabelContext>(() => ({ pollTitle: (id) => titles?.get(id) }), [titles]);
  // What went recently (kept on the device for a few days: src/db/receipts.ts), so an empty queue still shows
  // that the votes reached the server. A live query: a row sent while the screen is open moves here at once.
  const receipts = useLiveQuery(() => recentReceipts(db, Date.now()), []);
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
      <PageHeader title={t('outbox.title')} />
      <div className="screen-body stack">
        <p className="muted" role="status">
          {!view
            ? t('outbox.loading')
            : view.rows.length === 0
              ? t('outbox.allSent')
              : [
                  waiting > 0 ? t('outbox.waiting', { count: waiting }) : '',
                  view.failed > 0 ? t('outbox.failed', { count: view.failed }) : '',
                  waiting > 0 && !online ? t('outbox.offline') : '',
                ].filter(Boolean).join(' ')}
        </p>
        {waiting > 0 ? (
          <button type="button" className="btn queue-send" onClick={() => void send()} disabled={busy || sending || !online}>
            {sending || busy ? t('outbox.sending') : t('outbox.sendNow')}
          </button>
        ) : null}
        {view && view.rows.length > 0 ? (
          <ul className="queue-list" aria-label={t('outbox.list')}>
            {view.rows.map((row) => {
              const { what, detail } = describe(row, ctx);
              return (
                <li key={row.seq} className="card queue-item" data-state={row.state}>
                  <div className="queue-head">
                    <strong className="queue-what">{what}</strong>
                    <span className={`pill ${row.state}`}>{row.state === 'failed' ? t('outbox.state.failed') : row.state === 'sending' ? t('outbox.state.sending') : t('outbox.state.waiting')}</span>
                  </div>
                  {detail ? <p className="queue-summary">{detail}</p> : null}
                  <p className="muted small">
                    {row.attempts > 0 ? t('outbox.savedTried', { when: ago(row.createdAt, now), count: row.attempts }) : t('outbox.saved', { when: ago(row.createdAt, now) })}
                  </p>
                  <p className={row.state === 'failed' ? 'field-error' : 'small'}>
                    {row.lastError ? `${row.lastError} ` : ''}{nextStep(row, online, sending, now)}
                  </p>
                  <div className="queue-actions">
                    {confirming === row.seq ? (
                      <span role="group" aria-label={t('outbox.confirm')}>
                        <span className="small">{t('outbox.confirmText')} </span>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => void discardRow(row.seq!).then(() => setConfirming(null))}>
                          {t('outbox.yes')}
                        </button>{' '}
                        <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(null)}>
                          {t('outbox.keep')}
                        </button>
                      </span>
                    ) : (
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(row.seq!)}>
                        {t('outbox.discard')}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        {receipts && receipts.length > 0 ? (
          <section className="receipts" aria-labelledby="receipts-title">
            <h2 id="receipts-title">{t('outbox.recent')}</h2>
            <ul className="receipt-list">
              {receipts.map((r) => (
                <li key={r.id} className="receipt">
                  <span className="receipt-when">{t('outbox.sentAt', { time: sentWhen(r.sentAt, now) })}</span>
                  <span className="receipt-what">{describeSent(r, ctx)}</span>
                </li>
              ))}
            </ul>
            <p className="muted small">{t('outbox.recentNote', { count: formatNumber(RECEIPTS_KEPT.count), days: formatNumber(RECEIPTS_KEPT.ageMs / 86_400_000) })}</p>
          </section>
        ) : null}
      </div>
    </section>
  );
}
