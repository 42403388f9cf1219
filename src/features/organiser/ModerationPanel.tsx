import { useMemo, useState, type ReactElement } from 'react';
import type { CommunityPollRecord, OrganiserClient, ReportRow } from './client';
import { useCommunityPolls, useReports } from './hooks';
import { useT } from './t';
import { notDoneText, num, whenText } from './text';
import { REPORT_REASONS, type ReportReason } from '../../lib/reports';

// Literal ids, not a template: the catalog check finds every id it is given in the source.
const REASON_TEXT = {
  spam: 'organiser.moderation.reason.spam',
  abuse: 'organiser.moderation.reason.abuse',
  misleading: 'organiser.moderation.reason.misleading',
  other: 'organiser.moderation.reason.other',
} as const satisfies Record<ReportReason, string>;

/** Reports per poll: how many devices reported it, and for which reasons. */
export function reportsByPoll(reports: readonly ReportRow[]): Map<string, { total: number; reasons: Map<string, number> }> {
  const by = new Map<string, { total: number; reasons: Map<string, number> }>();
  for (const r of reports) {
    const entry = by.get(r.pollId) ?? { total: 0, reasons: new Map<string, number>() };
    entry.total++;
    entry.reasons.set(r.reason, (entry.reasons.get(r.reason) ?? 0) + 1);
    by.set(r.pollId, entry);
  }
  return by;
}

/** Reported first (most reports first), then the newest; a poll's place does not depend on whether it is hidden. */
export function moderationOrder(polls: readonly CommunityPollRecord[], reports: ReturnType<typeof reportsByPoll>): CommunityPollRecord[] {
  return [...polls].sort((a, b) => (reports.get(b.id)?.total ?? 0) - (reports.get(a.id)?.total ?? 0) || (b.uploadedOn ?? 0) - (a.uploadedOn ?? 0) || (a.id < b.id ? -1 : 1));
}

/**
 * Moderation on /organiser (issue #53): the community polls attendees posted, with what attendees reported, and a
 * Hide / Restore per poll. Hidden is a field on the poll that only organisers may set (firestore.rules): every
 * attendee's list leaves it out at its next refresh, and its owner is told. The reports are watched all along
 * (the toggle says how many polls were reported); the polls themselves only while the section is open.
 */
export function ModerationPanel({ client, online, offlineNote }: { client: OrganiserClient; online: boolean; offlineNote: string }): ReactElement {
  const t = useT();
  const [open, setOpen] = useState(false);
  const reports = useReports(client);
  const polls = useCommunityPolls(open ? client : null);
  const byPoll = useMemo(() => reportsByPoll(reports.data ?? []), [reports.data]);
  const list = useMemo(() => (polls.data ? moderationOrder(polls.data, byPoll) : null), [polls.data, byPoll]);
  const reported = byPoll.size;

  return (
    <section className="org-moderation card" aria-labelledby="org-moderation-title" data-testid="org-moderation">
      <div className="org-head">
        <h2 id="org-moderation-title">{t('organiser.moderation.title')}</h2>
        {reported > 0 ? <span className="org-mark org-reported" data-testid="org-reported-count">{t('organiser.moderation.reportedCount', { count: reported, n: num(reported) })}</span> : null}
      </div>
      <button type="button" className="btn btn-ghost btn-small org-tally-toggle" aria-expanded={open} aria-controls="org-moderation-list" onClick={() => setOpen((v) => !v)}>
        {open ? t('organiser.moderation.hide') : t('organiser.moderation.show')}
      </button>
      <div id="org-moderation-list" hidden={!open}>
        {!open ? null : list === null ? (
          polls.error ? <p className="alert error" role="alert">{t('organiser.moderation.failed', { code: polls.error.code })}</p> : <div className="spinner" role="progressbar" aria-label={t('organiser.loading')} />
        ) : list.length === 0 ? (
          <p className="muted">{t('organiser.moderation.none')}</p>
        ) : (
          <ul className="org-community">
            {list.map((p) => <CommunityRow key={p.id} poll={p} reports={byPoll.get(p.id)} client={client} online={online} offlineNote={offlineNote} />)}
          </ul>
        )}
      </div>
    </section>
  );
}

function CommunityRow({ poll, reports, client, online, offlineNote }: {
  poll: CommunityPollRecord;
  reports: { total: number; reasons: Map<string, number> } | undefined;
  client: OrganiserClient;
  online: boolean;
  offlineNote: string;
}): ReactElement {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const hidden = poll.hiddenAt !== null;
  const act = async () => {
    setBusy(true);
    setResult(null);
    try {
      await client.setHidden(poll.id, !hidden);
      setResult({ ok: true, text: hidden ? t('organiser.moderation.restored') : t('organiser.moderation.hidden') });
    } catch (e) {
      setResult({ ok: false, text: notDoneText(e) });
    } finally {
      setBusy(false);
    }
  };
  const why = reports
    ? REPORT_REASONS.filter((r) => reports.reasons.has(r)).map((r) => `${t(REASON_TEXT[r])} ${num(reports.reasons.get(r)!)}`).join(' · ')
    : '';
  return (
    <li className={hidden ? 'org-community-row org-is-hidden' : 'org-community-row'} data-testid={`org-community-${poll.id}`}>
      <p className="org-community-title"><bdi>{poll.title}</bdi></p>
      <p className="muted small">
        {poll.uploadedOn !== null ? t('organiser.moderation.posted', { time: whenText(poll.uploadedOn) }) : null}
        {' · '}
        {t('organiser.moderation.questions', { count: poll.questions, n: num(poll.questions) })}
      </p>
      <p className={reports ? 'org-reports' : 'muted small'} data-testid="org-reports">
        {reports ? t('organiser.moderation.reports', { count: reports.total, n: num(reports.total), why }) : t('organiser.moderation.noReports')}
      </p>
      <p className="org-community-state" data-testid="org-community-state">
        {hidden ? t('organiser.moderation.hiddenSince', { time: whenText(poll.hiddenAt!) }) : t('organiser.moderation.shown')}
      </p>
      <button type="button" className={hidden ? 'btn btn-small' : 'btn btn-small btn-danger'} disabled={!online || busy} aria-describedby={online ? undefined : offlineNote} onClick={() => void act()}>
        {hidden ? t('organiser.moderation.restore') : t('organiser.moderation.hideOne')}
      </button>
      {result ? <p className={`alert ${result.ok ? 'ok' : 'error'}`} role={result.ok ? 'status' : 'alert'}>{result.text}</p> : null}
    </li>
  );
}
