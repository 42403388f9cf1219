import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { REPORT_REASONS, type ReportReason } from '../../lib/reports';
import { useOnline } from '../../session';
import { Modal } from '../../ui/Modal';
import { reportUserPoll, StorageError } from './data';
import { REPORT_REASON_TEXT } from './mutations/pollReport';
import { useT } from './t';

/**
 * "Report this poll" under a community poll (issue #53): a reason from a short list, queued like a vote (offline it
 * is sent when the connection returns) and remembered on this device, which then says it reported the poll. The
 * organisers see reports in their console and decide; a report hides nothing by itself.
 */
export function ReportPoll({ pollId }: { pollId: string }): ReactElement | null {
  const t = useT();
  const id = useId();
  const online = useOnline();
  const row = useLiveQuery(() => db.userPolls.get(pollId).then((r) => r ?? null), [pollId]);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (row === undefined || row === null || row.local) return null; // not on the server yet: nothing to report

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('polls.report.choose'));
    setBusy(true);
    try {
      await reportUserPoll(pollId, reason);
      setOpen(false);
    } catch (err) {
      setError(err instanceof StorageError ? err.userMessage : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (row.reported) {
    return (
      <p className="report-done muted small" data-testid="report-done">
        {row.reported.sentAt !== undefined ? t('polls.report.sent') : online ? t('polls.report.sending') : t('polls.report.waiting')}
      </p>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small report-open" onClick={() => { setError(null); setOpen(true); }}>{t('polls.report.open')}</button>
      {open ? (
        <Modal title={t('polls.report.title')} onClose={() => setOpen(false)} closeLabel={t('polls.report.cancel')}>
          <form className="report-form" onSubmit={(e) => void submit(e)} noValidate>
            <fieldset aria-describedby={error ? `${id}-err` : `${id}-how`}>
              <legend>{t('polls.report.why')}</legend>
              {REPORT_REASONS.map((r) => (
                <label key={r} className="report-reason">
                  <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => { setReason(r); setError(null); }} />
                  <span>{t(REPORT_REASON_TEXT[r])}</span>
                </label>
              ))}
            </fieldset>
            <p id={`${id}-how`} className="muted small">{t('polls.report.how')}</p>
            {error ? <p id={`${id}-err`} className="field-error" role="alert">{error}</p> : null}
            <button type="submit" className="btn btn-block" disabled={busy}>{t('polls.report.send')}</button>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
