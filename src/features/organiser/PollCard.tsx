import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { serverNow } from '../../lib/serverNow';
import { ballotPath, ShareBox } from '../polls';
import { votingState } from '../polls/awardModel';
import type { AwardPollRecord, OrganiserClient } from './client';
import { useCodeCount, useRefusals, useTally } from './hooks';
import { csvFileName, integrityCsvRows, integrityOf, tallyCsv, tallyPoll, type PollTally } from './tally';
import { CodesPanel } from './CodesPanel';
import { IntegrityView } from './IntegrityView';
import { DEVICE_LIMIT_DEFAULT } from '../../lib/limits';
import { t, useT } from './t';
import { clockText, fromLocalInput, notDoneText, num, toLocalInput, whenText } from './text';
import { TallyView } from './TallyView';

type Window = { opensAt?: number | 'now' | null; closesAt?: number | 'now' | null };

/** The window as votingState reads it: null (not set) becomes absent. */
export const windowOf = (p: AwardPollRecord) => ({
  ...(p.open === undefined ? {} : { open: p.open }),
  ...(p.opensAt === null ? {} : { opensAt: p.opensAt }),
  ...(p.closesAt === null ? {} : { closesAt: p.closesAt }),
});

/**
 * One award poll on /organiser: its state on the server's clock, open/close now or at a set time, its live tally
 * (shown on request) with Export CSV, Present and Edit. The window's buttons are live writes: offline they are off (`offlineNote` says why).
 */
/** The poll's state on the server's clock, in words: the card's headline and the console's list. */
export function stateTextOf(poll: AwardPollRecord, now: number): { state: 'scheduled' | 'open' | 'closed'; text: string } {
  const state = votingState(windowOf(poll), now);
  const text =
    state.state === 'scheduled'
      ? t('organiser.state.scheduled', { time: whenText(state.opensAt) })
      : state.state === 'open'
        ? poll.closesAt !== null ? t('organiser.state.openUntil', { time: whenText(poll.closesAt) }) : t('organiser.state.open')
        : state.closedAt !== undefined ? t('organiser.state.closedAt', { time: whenText(state.closedAt) }) : t('organiser.state.closed');
  return { state: state.state, text };
}

export function PollCard({ poll, client, online, now, offlineNote, onEdit, tallyOpen = false }: {
  poll: AwardPollRecord;
  client: OrganiserClient;
  online: boolean;
  now: number;
  /** The id of the visible sentence saying why the buttons are off. */
  offlineNote: string;
  onEdit: (poll: AwardPollRecord) => void;
  /** Open the tally at once (the laptop layout shows the selected poll's tally beside the list). */
  tallyOpen?: boolean;
}): ReactElement {
  const t = useT();
  const id = useId();
  // A tally is opened on request: its listener bills one read per vote already cast (docs/organisers.md), so a
  // list of polls does not pay for the ones nobody is looking at.
  const [showTally, setShowTally] = useState(tallyOpen);
  const tally = useTally(showTally ? client : null, poll.id);
  const counts: PollTally | null = useMemo(() => (tally.data ? tallyPoll(poll, tally.data) : null), [poll, tally.data]);
  // How the ballots came in (issue #52): with the tally, and the codes panel of a ticketed poll.
  const ticketed = poll.voting === 'ticketed';
  const deviceLimit = poll.deviceLimit ?? DEVICE_LIMIT_DEFAULT;
  const [showCodes, setShowCodes] = useState(false);
  const [codesMade, setCodesMade] = useState(0);
  const refusals = useRefusals(showTally ? client : null, poll.id);
  const issued = useCodeCount(ticketed && (showTally || showCodes) ? client : null, poll.id, codesMade);
  // The ballots the tally counts (a row for a nominee since renamed is kept on the server, not counted).
  const integrity = useMemo(() => (tally.data && counts ? integrityOf(poll.id, tally.data.filter((r) => counts.counted.has(r.id)), refusals.data ?? [], issued) : null), [poll.id, tally.data, counts, refusals.data, issued]);
  const state = votingState(windowOf(poll), now);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [opensInput, setOpensInput] = useState(() => (poll.opensAt === null ? '' : toLocalInput(poll.opensAt)));
  const [closesInput, setClosesInput] = useState(() => (poll.closesAt === null ? '' : toLocalInput(poll.closesAt)));
  // The fields follow the server's times: after Open now / Close now (or another organiser's change) they show what
  // the server holds, not what was typed before or nothing.
  useEffect(() => setOpensInput(poll.opensAt === null ? '' : toLocalInput(poll.opensAt)), [poll.opensAt]);
  useEffect(() => setClosesInput(poll.closesAt === null ? '' : toLocalInput(poll.closesAt)), [poll.closesAt]);

  // Open now and Close now change what every attendee's phone allows at once: each asks first (issue #53).
  const [confirming, setConfirming] = useState<'open' | 'close' | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askedFrom = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const cancelConfirm = () => {
    setConfirming(null);
    askedFrom.current?.focus();
  };

  const act = async (w: Window) => {
    setBusy(true);
    setResult(null);
    try {
      await client.setWindow(poll.id, w);
      // Said when the server acknowledged it: that is when attendees' next check sees it.
      setResult({ ok: true, text: t('organiser.done', { time: clockText(serverNow()) }) });
    } catch (e) {
      setResult({ ok: false, text: notDoneText(e) });
    } finally {
      setBusy(false);
    }
  };
  const setAt = (which: 'opensAt' | 'closesAt') => {
    const ms = fromLocalInput(which === 'opensAt' ? opensInput : closesInput);
    if (ms === null) return setResult({ ok: false, text: t('organiser.timeMissing') });
    const opens = which === 'opensAt' ? ms : poll.opensAt;
    const closes = which === 'closesAt' ? ms : poll.closesAt;
    if (opens !== null && closes !== null && closes <= opens) return setResult({ ok: false, text: t('organiser.closeFirst') });
    void act({ [which]: ms });
  };

  const stateText = stateTextOf(poll, now).text;

  const download = () => {
    if (!counts) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([tallyCsv(poll, counts, integrity ? integrityCsvRows(integrity, ticketed ? 'ticketed' : 'open') : [])], { type: 'text/csv;charset=utf-8' }));
    a.download = csvFileName(poll.title);
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const off = !online || busy;
  // The reason sits next to the buttons it disables (the page's banner may be scrolled away) and names them.
  const describedBy = online ? undefined : `${id}-off ${offlineNote}`;
  return (
    <article className="org-poll card" aria-labelledby={`${id}-t`} data-testid={`org-poll-${poll.id}`} data-poll-id={poll.id}>
      <h3 id={`${id}-t`}><bdi>{poll.title}</bdi></h3>
      <p className={`org-state org-state-${state.state}`} data-testid="org-state">{stateText}</p>
      <p className="org-mode" data-testid="org-mode">{ticketed ? t('organiser.mode.ticketed') : t('organiser.mode.open', { count: deviceLimit, n: num(deviceLimit) })}</p>

      <div className="org-actions">
        <button type="button" className="btn btn-small" disabled={off || state.state === 'open'} aria-describedby={describedBy} onClick={(e) => { askedFrom.current = e.currentTarget; setResult(null); setConfirming('open'); }}>{t('organiser.openNow')}</button>
        <button type="button" className="btn btn-small btn-danger" disabled={off || state.state === 'closed'} aria-describedby={describedBy} onClick={(e) => { askedFrom.current = e.currentTarget; setResult(null); setConfirming('close'); }}>{t('organiser.closeNow')}</button>
      </div>
      {confirming ? (
        <div className={`org-confirm org-confirm-${confirming}`} role="group" aria-labelledby={`${id}-confirm`} data-testid="org-confirm" onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); cancelConfirm(); } }}>
          <p id={`${id}-confirm`}>{confirming === 'close' ? t('organiser.confirm.close') : state.state === 'closed' ? t('organiser.confirm.reopen') : t('organiser.confirm.open')}</p>
          <div className="org-actions">
            <button
              ref={confirmButton}
              type="button"
              className={confirming === 'close' ? 'btn btn-small btn-danger' : 'btn btn-small'}
              disabled={off}
              onClick={() => {
                const w: Window = confirming === 'close' ? { closesAt: 'now' } : state.state === 'closed' ? { opensAt: 'now', closesAt: null } : { opensAt: 'now' };
                setConfirming(null);
                askedFrom.current = null;
                void act(w);
              }}
            >
              {confirming === 'close' ? t('organiser.confirm.closeYes') : t('organiser.confirm.openYes')}
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={cancelConfirm}>{confirming === 'close' ? t('organiser.confirm.closeNo') : t('organiser.confirm.openNo')}</button>
          </div>
        </div>
      ) : null}
      <div className="org-times">
        {(['opensAt', 'closesAt'] as const).map((which) => {
          const label = which === 'opensAt' ? t('organiser.opensAt') : t('organiser.closesAt');
          return (
          <div key={which} className="field org-time">
            <label htmlFor={`${id}-${which}`}>{label}</label>
            <div className="org-time-row">
              <input id={`${id}-${which}`} type="datetime-local" value={which === 'opensAt' ? opensInput : closesInput} onChange={(e) => (which === 'opensAt' ? setOpensInput : setClosesInput)(e.target.value)} />
              <button type="button" className="btn btn-ghost btn-small" disabled={off} aria-describedby={describedBy} onClick={() => setAt(which)} aria-label={`${t('organiser.setTime')}: ${label}`}>{t('organiser.setTime')}</button>
            </div>
          </div>
          );
        })}
      </div>
      {online ? null : <p id={`${id}-off`} className="org-offline-here">{t('organiser.offlineHere')}</p>}
      {result ? <p className={`alert ${result.ok ? 'ok' : 'error'}`} role={result.ok ? 'status' : 'alert'}>{result.text}</p> : null}

      <div className="org-tally">
        <button type="button" className="btn btn-ghost btn-small org-tally-toggle" aria-expanded={showTally} aria-controls={`${id}-tally`} onClick={() => setShowTally((v) => !v)}>
          {showTally ? t('organiser.tally.hide') : t('organiser.tally.show')}
        </button>
        <div id={`${id}-tally`} hidden={!showTally}>
        {!showTally ? null : counts === null ? (
          tally.error ? <p className="alert error" role="alert">{t('organiser.tally.failed', { code: tally.error.code })}</p> : <div className="spinner" role="progressbar" aria-label={t('organiser.tally.loading')} />
        ) : (
          <>
            <p className="org-tally-meta">
              <span data-testid="tally-voters" data-count={counts.voters}>{t('organiser.tally.voters', { count: counts.voters, n: num(counts.voters) })}</span>
              {counts.latestAt !== null ? <span>{t('organiser.tally.latest', { time: clockText(counts.latestAt) })}</span> : null}
              {(tally.stale || !online) && tally.confirmedAt !== null ? <span className="org-asof" role="status">{t('organiser.asOf', { time: clockText(tally.confirmedAt) })}</span> : null}
            </p>
            {counts.voters === 0 ? <p className="muted">{t('organiser.tally.none')}</p> : <TallyView tally={counts} />}
            {integrity ? <IntegrityView integrity={integrity} mode={ticketed ? 'ticketed' : 'open'} deviceLimit={deviceLimit} /> : null}
            <button type="button" className="btn btn-ghost btn-small" onClick={download}>{t('organiser.export')}</button>
          </>
        )}
        </div>
      </div>

      {ticketed ? (
        <div className="org-tally">
          <button type="button" className="btn btn-ghost btn-small org-tally-toggle" aria-expanded={showCodes} aria-controls={`${id}-codes`} onClick={() => setShowCodes((v) => !v)}>
            {showCodes ? t('organiser.codes.hide') : t('organiser.codes.show')}
          </button>
          <div id={`${id}-codes`} hidden={!showCodes}>
            {showCodes ? (
              <>
                <p className="muted small" data-testid="codes-issued">{issued === null ? t('organiser.tally.loading') : t('organiser.codes.issued', { count: issued, n: num(issued) })}</p>
                <CodesPanel client={client} pollId={poll.id} title={poll.title} online={online} onMade={() => setCodesMade((k) => k + 1)} />
              </>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="org-actions">
        <Link to="/organiser" search={{ present: poll.id }} className="btn btn-small">{t('organiser.present')}</Link>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onEdit(poll)}>{t('organiser.edit')}</button>
      </div>
      {/* The ballot's QR code and link for the tables: an organiser's thing, so here and not on the attendees' /vote. */}
      <ShareBox path={ballotPath(poll.id)} title={poll.title} printable label={t('organiser.tableQr')} />
    </article>
  );
}
