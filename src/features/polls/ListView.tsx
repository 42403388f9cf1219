// The polls lists' markup, once (issue #32): the app's /vote screen (PollsListScreen.tsx) draws its cards with
// these components, and the build renders the same components into the /vote page as a template
// (ListParts.tsx), which the pre-React preview (preview.ts) clones and fills. So the cards a first visit sees
// before the app arrives are React's markup, not a copy kept in step by hand. Markup only: data and state stay
// with the caller.
import type { ReactElement, ReactNode } from 'react';
import { useT } from './t';

/** A community poll's card: its title, who posted it, its vote count, "waiting to send" and the way in. */
export function PollCardView({ title, postedBy, count, countMuted, waiting, action, note }: {
  title: string;
  /** "Posted by: <bdi>name</bdi>" (tNodes). */
  postedBy: ReactNode;
  count: string;
  /** Not a count yet (still counting, or unknown offline). */
  countMuted: boolean;
  waiting: boolean;
  action: ReactNode;
  /** Said to the poll's owner under its title (issue #53: the organisers hid it). */
  note?: string;
}): ReactElement {
  const t = useT();
  return (
    <li className="card poll-card">
      <h2 dir="auto">{title}</h2>
      {note ? <p className="poll-card-note" data-testid="poll-card-note">{note}</p> : null}
      <p className="muted">{postedBy}</p>
      <p data-testid="vote-count" className={countMuted ? 'muted' : undefined}>{count}</p>
      <div className="poll-card-foot">
        {waiting ? <span className="pill sending">{t('polls.list.waiting')}</span> : <span />}
        {action}
      </div>
    </li>
  );
}

/** An award ballot's row: its title, its state (categories, opening time or closed), "You voted" and the way in. */
export function AwardRowView({ title, titleLang, state, voted, action }: { title: string; titleLang?: 'en' | undefined; state: string; voted: boolean; action: ReactNode }): ReactElement {
  const t = useT();
  return (
    <li className="card award-row">
      <h3 dir="auto" lang={titleLang}>{title}</h3>
      <div className="award-row-foot">
        <p className="muted small">
          {state}
          {voted ? <span className="pill ok">{t('polls.award.voted')}</span> : null}
        </p>
        {action}
      </div>
    </li>
  );
}

/** The community polls' list. */
export function PollCards({ children }: { children?: ReactNode }): ReactElement {
  return <ul className="poll-cards">{children}</ul>;
}

/** The award ballots' row of cards. */
export function AwardRows({ children }: { children?: ReactNode }): ReactElement {
  return <ul className="award-rows">{children}</ul>;
}

/** What a list says instead of cards (none yet, none saved offline). */
export function ListNote({ text }: { text: string }): ReactElement {
  return <p className="muted">{text}</p>;
}
