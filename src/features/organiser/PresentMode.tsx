import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { EVENT_TITLE } from '../../lib/event';
import { directionOf, useLocale } from '../../lib/i18n';
import { ballotPath, votingState } from '../polls/awardModel';
import { useServerNow } from '../../ui/useServerNow';
import { windowOf } from './PollCard';
import type { OrganiserClient } from './client';
import { useOnline } from '../../session';
import { useCodeCount, usePolls, useTally } from './hooks';
import { tallyPoll } from './tally';
import { useT } from './t';
import { clockText, num } from './text';

/**
 * Present mode (/organiser?present=<pollId>), for a laptop on a projector: one category at a time, its winner
 * revealed on the next step. No counts on the big screen — attendees see it, and they never see counts (issue
 * #31). When the venue Wi-Fi drops, the last tally stays, marked "as of" its last confirmed time, and the show
 * carries on. The event's name and look frame it, and while the poll is open a join panel (QR code and short
 * address of the ballot) lets the hall vote (issue #53); everything is scaled down until it fits the window.
 */
export function PresentMode({ client, pollId }: { client: OrganiserClient; pollId: string }): ReactElement {
  const t = useT();
  const rtl = directionOf(useLocale()) === 'rtl';
  const polls = usePolls(client);
  const rows = useTally(client, pollId);
  const poll = polls.data?.find((p) => p.id === pollId) ?? null;
  const tally = useMemo(() => (poll && rows.data ? tallyPoll(poll, rows.data) : null), [poll, rows.data]);
  const [step, setStep] = useState(0);
  const [full, setFull] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const steps = (tally?.categories.length ?? 0) * 2;
  // Who may vote, on the big screen too (issue #52): in a ticketed poll, how many of the night's codes were used.
  const issued = useCodeCount(poll?.voting === 'ticketed' ? client : null, pollId, 0);
  const codesUsed = rows.data?.filter((r) => r.pollId === pollId && r.via === 'code').length ?? 0;

  const next = () => setStep((s) => Math.min(s + 1, Math.max(steps - 1, 0)));
  const back = () => setStep((s) => Math.max(s - 1, 0));
  const go = useRef({ next, back });
  go.current = { next, back };

  useEffect(() => {
    stage.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const onControl = (e.target as Element | null)?.closest?.('button, a, input') != null;
      // The reading direction decides which arrow goes forward: in Arabic, ← is next.
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (e.key === forward || ((e.key === ' ' || e.key === 'Enter') && !onControl)) {
        e.preventDefault();
        go.current.next();
      } else if (e.key === backward) {
        e.preventDefault();
        go.current.back();
      }
    };
    const onFull = () => setFull(document.fullscreenElement !== null);
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, [rtl]);

  const onStageClick = (e: MouseEvent) => {
    if ((e.target as Element).closest('button, a')) return;
    next();
  };
  const fullScreen = () => void stage.current?.requestFullscreen?.().catch(() => undefined);

  const index = Math.floor(step / 2);
  const revealed = step % 2 === 1;
  const category = tally?.categories[index] ?? null;
  const online = useOnline();
  // The listener's cache flag can lag a dropped Wi-Fi by many seconds; the app's own online flag does not.
  const stale = (rows.stale || polls.stale || !online) && rows.confirmedAt !== null;

  const now = useServerNow(poll ? [poll.opensAt, poll.closesAt] : []);
  const open = poll !== null && votingState(windowOf(poll), now).state === 'open';

  // Fit: a long category, many nominees or a tie of long names must not run off a 1280×720 projector or push the
  // key hint away. Scaled down in steps until the stage holds everything (the type stays ≥ 40 % of its size).
  const [scale, setScale] = useState(1);
  const main = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(() => `${window.innerWidth}x${window.innerHeight}`);
  useEffect(() => {
    const onResize = () => setSize(`${window.innerWidth}x${window.innerHeight}`);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useLayoutEffect(() => {
    const el = main.current;
    const root = stage.current;
    if (!el || !root) return;
    let s = 1;
    root.style.setProperty('--show-scale', '1');
    const overflows = () => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1 || root.scrollHeight > root.clientHeight + 1;
    while (overflows() && s > 0.4) {
      s = Math.round((s - 0.05) * 100) / 100;
      root.style.setProperty('--show-scale', String(s));
    }
    setScale(s);
  }, [step, tally, size, open, stale, full]);

  let body: ReactElement;
  if (polls.data && !poll) body = <p className="show-message" role="alert">{t('organiser.show.notFound')}</p>;
  else if (!rows.data && rows.error) body = <p className="show-message" role="alert">{t('organiser.tally.failed', { code: rows.error.code })}</p>;
  else if (!tally || !category || !poll) body = <div className="spinner show-spinner" role="progressbar" aria-label={t('organiser.tally.loading')} />;
  else {
    const winners = category.leaders;
    body = (
      <>
        <p className="show-step">{t('organiser.show.step', { n: num(index + 1), m: num(tally.categories.length) })}</p>
        <h1 className="show-category"><bdi>{category.question}</bdi></h1>
        <ul className={`show-nominees show-n${Math.min(3, Math.ceil(category.nominees.length / 6))}`}>
          {category.nominees.map((n) => (
            <li key={n.nominee} className={revealed && n.leading ? 'show-won' : revealed ? 'show-lost' : undefined}><bdi>{n.nominee}</bdi></li>
          ))}
        </ul>
        <div className="show-reveal" aria-live="polite">
          {revealed ? (
            winners.length === 0 ? (
              <p className="show-label">{t('organiser.show.noVotes')}</p>
            ) : (
              <div className="show-winner" key={step}>
                <p className="show-label">{winners.length > 1 ? t('organiser.show.tie') : t('organiser.show.winner')}</p>
                <p className="show-name">{winners.map((w, i) => <span key={w}>{i > 0 ? ' · ' : null}<bdi>{w}</bdi></span>)}</p>
              </div>
            )
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div ref={stage} className="show" tabIndex={-1} onClick={onStageClick} data-testid="present" data-scale={scale} style={{ ['--show-scale' as string]: String(scale) }}>
      <div className="show-bar">
        <span className="show-title">
          <span className="show-event">{EVENT_TITLE}</span>
          <bdi>{poll?.title}</bdi>
        </span>
        {poll ? (
          <span className="show-mode" data-testid="show-mode">
            {poll.voting === 'ticketed' ? t('organiser.show.ticketed', { used: num(codesUsed), issued: issued === null ? '…' : num(issued) }) : t('organiser.show.open')}
          </span>
        ) : null}
        {stale ? <span className="show-asof" role="status">{t('organiser.asOf', { time: clockText(rows.confirmedAt!) })}</span> : null}
        <span className="show-controls">
          <button type="button" className="show-btn" onClick={back} disabled={step === 0}>{t('organiser.show.back')}</button>
          <button type="button" className="show-btn" onClick={next} disabled={step >= steps - 1}>{t('organiser.show.next')}</button>
          {!full ? <button type="button" className="show-btn" onClick={fullScreen}>{t('organiser.show.fullScreen')}</button> : null}
          <Link to="/organiser" className="show-btn">{t('organiser.show.leave')}</Link>
        </span>
      </div>
      <div className={open ? 'show-main show-with-join' : 'show-main'} ref={main}>
        <div className="show-body">{body}</div>
        {open && poll ? <JoinPanel pollId={poll.id} ticketed={poll.voting === 'ticketed'} /> : null}
      </div>
      <p className="show-keys">{t('organiser.show.keys')}</p>
    </div>
  );
}

/**
 * How the hall joins while voting is open: the ballot's QR code (drawn by the encoder, loaded on demand) and its
 * address without the scheme, short enough to type. A ticketed poll says the code is on the attendee's card.
 */
function JoinPanel({ pollId, ticketed }: { pollId: string; ticketed: boolean }): ReactElement {
  const t = useT();
  const url = `${window.location.origin}${ballotPath(pollId)}`;
  const short = `${window.location.host}${ballotPath(pollId)}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('uqr')
      .then(({ renderSVG }) => live && setSvg(renderSVG(url, { border: 1 })))
      .catch(() => undefined); // offline before the encoder was cached: the address still shows
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <aside className="show-join" aria-labelledby="show-join-title" data-testid="show-join">
      <p id="show-join-title" className="show-join-title">{t('organiser.show.join')}</p>
      {svg ? <img className="show-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={t('organiser.show.qr', { url })} /> : null}
      <p className="show-join-url" dir="ltr" data-testid="show-join-url">{short}</p>
      <p className="show-join-hint">{ticketed ? t('organiser.show.joinTicketed') : t('organiser.show.joinOpen')}</p>
    </aside>
  );
}
