import { useSearch } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { inBallotOrder } from '../polls/awardModel';
import { useOnline } from '../../session';
import { PageHeader } from '../../ui/PageHeader';
import type { AwardPollRecord, OrganiserClient, OrganiserSession } from './client';
import { draftOf, emptyDraft, type PollDraft } from './form';
import { useServerNow } from '../../ui/useServerNow';
import { useOrganiserAuth, usePolls, useWide } from './hooks';
import { PollCard, stateTextOf } from './PollCard';
import { PollEditor } from './PollEditor';
import { ModerationPanel } from './ModerationPanel';
import { FeedbackPanel } from './FeedbackPanel';
import { PresentMode } from './PresentMode';
import { SignInForm } from './SignInForm';
import { tNodes, useT } from './t';
import { clockText } from './text';
import './organiser.css';

/**
 * /organiser (issue #31): sign-in, then the event's award polls with their window, live tally and actions; with
 * `?present=<pollId>`, present mode for the projector. Counts are fetched only for a signed-in organiser — the rules
 * refuse anyone else, and the screen does not try.
 */
export function OrganiserScreen(): ReactElement {
  const t = useT();
  const { present } = useSearch({ strict: false }) as { present?: string };
  const { auth, signIn, signOut, retry } = useOrganiserAuth();

  const organiser = auth.phase === 'in' && auth.session.organiser ? auth : null;
  if (present && organiser) return <PresentMode client={organiser.client} pollId={present} />;

  return (
    <section className="screen organiser">
      <PageHeader title={t('organiser.title')} fallbackTo="/more" />
      <div className="screen-body">
        {auth.phase === 'loading' ? <div className="spinner" role="progressbar" aria-label={t('organiser.loading')} /> : null}
        {auth.phase === 'unreachable' ? (
          <div className="alert error" role="alert">
            <p>{t('organiser.unreachable')}</p>
            <button type="button" className="btn btn-small" onClick={retry}>{t('organiser.retry')}</button>
          </div>
        ) : null}
        {auth.phase === 'out' ? <SignInForm signIn={signIn} prerendered={import.meta.env.SSR} /> : null}
        {auth.phase === 'in' ? <Who session={auth.session} signOut={signOut} /> : null}
        {auth.phase === 'in' && !auth.session.organiser ? (
          <p className="alert error" role="alert" data-testid="not-organiser">
            {tNodes('organiser.notOrganiser', { command: <code dir="ltr">npm run organiser -- grant {auth.session.email}</code> })}
          </p>
        ) : null}
        {organiser ? <Polls client={organiser.client} /> : null}
      </div>
    </section>
  );
}

function Who({ session, signOut }: { session: OrganiserSession; signOut: () => Promise<void> }): ReactElement {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <div className="org-who">
      <p>{tNodes('organiser.signedInAs', { email: <bdi>{session.email}</bdi> })}</p>
      <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => { setBusy(true); void signOut().finally(() => setBusy(false)); }}>{t('organiser.signOut')}</button>
    </div>
  );
}

function Polls({ client }: { client: OrganiserClient }): ReactElement {
  const t = useT();
  const id = useId();
  const online = useOnline();
  const polls = usePolls(client);
  const now = useServerNow((polls.data ?? []).flatMap((p) => [p.opensAt, p.closesAt]));
  const [editing, setEditing] = useState<{ draft: PollDraft; saved: AwardPollRecord | null } | null>(null);
  const offlineNote = `${id}-offline`;
  const list = polls.data ? inBallotOrder(polls.data) : null;
  const wide = useWide();
  const [selected, setSelected] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The list is one stop in the tab order's sense of a menu: ↑ and ↓ move between its polls (Home / End to the ends).
  const onListKey = (e: KeyboardEvent) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.org-pick') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to = e.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : e.key === 'ArrowUp' ? Math.max(at - 1, 0) : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    buttons[to]!.focus();
  };

  const banner = !online ? (
    <p id={offlineNote} className="alert org-offline" role="status">
      {t('organiser.offline')}
      {polls.confirmedAt !== null ? <> {t('organiser.asOf', { time: clockText(polls.confirmedAt) })}</> : null}
    </p>
  ) : null;

  if (editing) {
    return (
      <>
        {banner}
        <PollEditor
          client={client}
          initial={editing.draft}
          saved={editing.saved}
          online={online}
          offlineNote={offlineNote}
          existingOrders={(polls.data ?? []).flatMap((p) => (p.order === undefined ? [] : [p.order]))}
          onDone={(savedId) => {
            setEditing(null);
            // The laptop layout shows the poll just saved (a new one would otherwise hide behind the open one).
            if (savedId) setSelected(savedId);
          }}
        />
      </>
    );
  }
  const head = (
    <div className="org-head">
      <h2 id={`${id}-polls`}>{t('organiser.polls')}</h2>
      <button type="button" className="btn btn-small" onClick={() => setEditing({ draft: emptyDraft(), saved: null })}>{t('organiser.create')}</button>
    </div>
  );
  const card = (p: AwardPollRecord, tallyOpen: boolean) => (
    <PollCard key={p.id} poll={p} client={client} online={online} now={now} offlineNote={offlineNote} tallyOpen={tallyOpen} onEdit={(poll) => setEditing({ draft: draftOf(poll), saved: poll })} />
  );
  const waiting = list === null
    ? polls.error ? <p className="alert error" role="alert">{t('organiser.pollsFailed', { code: polls.error.code })}</p> : <div className="spinner" role="progressbar" aria-label={t('organiser.loading')} />
    : list.length === 0 ? <p className="muted">{t('organiser.none')}</p> : null;

  if (wide) {
    // Laptop (issue #53): the list of polls beside the selected poll with its live tally open.
    const current = list?.find((p) => p.id === selected) ?? list?.find((p) => stateTextOf(p, now).state === 'open') ?? list?.[0] ?? null;
    return (
      <>
        {banner}
        <div className="org-console">
          <div className="org-side">
            {head}
            {waiting ?? (
              <ul className="org-list" aria-labelledby={`${id}-polls`} ref={listRef} onKeyDown={onListKey}>
                {list!.map((p) => {
                  const s = stateTextOf(p, now);
                  return (
                    <li key={p.id}>
                      <button type="button" className="org-pick" aria-current={p.id === current?.id ? 'true' : undefined} data-testid={`org-pick-${p.id}`} onClick={() => setSelected(p.id)}>
                        <span className="org-pick-title"><bdi>{p.title}</bdi></span>
                        <span className={`org-pick-state org-state-${s.state}`}>{s.text}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="org-detail">{current ? card(current, true) : null}</div>
        </div>
        <ModerationPanel client={client} online={online} offlineNote={offlineNote} />
        <FeedbackPanel client={client} online={online} offlineNote={offlineNote} />
      </>
    );
  }
  return (
    <>
      {banner}
      {head}
      {waiting ?? list!.map((p) => card(p, false))}
      <ModerationPanel client={client} online={online} offlineNote={offlineNote} />
      <FeedbackPanel client={client} online={online} offlineNote={offlineNote} />
    </>
  );
}
