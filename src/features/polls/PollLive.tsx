// "Your poll is live" (issue #54 item 3): creating a poll ends on /vote as the spec says, with this card on top —
// its link, its QR code and the phone's share sheet — so the owner can pass it on at once. A poll made offline is
// saved here first: the card says it will be live once it is sent, and turns into "live" when the outbox has
// sent it (the link works from then). Which poll was just made rides in the history entry, not the address: the
// spec's /vote stays /vote, and a reload or Back keeps the card until "Done".
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, type ReactElement } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { ballotPath } from './awardModel';
import { ShareBox } from './ShareBox';
import { useT } from './t';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The poll just created on this device (CreatePollScreen → /vote), for the "Your poll is live" card. */
    createdPoll?: string;
  }
}

export function PollLive({ pollId }: { pollId: string }): ReactElement | null {
  const t = useT();
  const router = useRouter();
  const row = useLiveQuery(() => db.userPolls.get(pollId).then((r) => r ?? null), [pollId]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Said where the eyes and the screen reader are: the card takes focus when it appears.
  useEffect(() => {
    if (row) heading.current?.focus();
  }, [row === null || row === undefined]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!row) return null; // gone (removed meanwhile) or not yet read: nothing to announce
  const live = !row.local;
  const done = () => {
    const { createdPoll: _, ...rest } = router.history.location.state;
    router.history.replace(router.history.location.href, rest);
  };
  return (
    <section className="card poll-live" aria-labelledby="poll-live-heading" data-testid="poll-live" data-live={live ? 'yes' : 'no'}>
      <h2 id="poll-live-heading" ref={heading} tabIndex={-1}>{live ? t('polls.live.title') : t('polls.live.savedTitle')}</h2>
      <p role="status">{live ? t('polls.live.text') : t('polls.live.savedText')}</p>
      <ShareBox path={ballotPath(pollId)} title={row.title} startOpen />
      <button type="button" className="btn btn-block poll-live-done" onClick={done}>{t('polls.live.done')}</button>
    </section>
  );
}
