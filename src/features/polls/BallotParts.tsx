// What the pre-React ballot (ballotIsland.ts) draws with, rendered by the build from the app's own ballot
// components (BallotView.tsx) in each language, and carried by the /poll page as one <template> per language
// (src/app/server.tsx renderBallotParts, scripts/prerender-node.mjs). The island clones a part and fills in the
// poll's words; it never builds markup of its own. Texts with values (the step line, the alerts) come as the
// catalog's message with `{name}` left in place; the island puts the value there.
import type { ReactElement } from 'react';
import { ModalFrame } from '../../ui/Modal';
import { BackButton } from '../../ui/BackButton';
import { BallotFrame, CloseButton, EmailError, EmailForm, OptionView, PollErrorView, QuestionView, StepButton, SubmitVoteButton, VoteStatusLine } from './BallotView';
import { voteStatusText } from './text';
import { digitsLine, Messages, Part } from './PartsTemplate';
import { useT } from './t';
import { useT as useUiT } from '../../ui/t';
import type { BallotMessage, BallotPart } from './ballotPartNames';

export { ballotPartsId } from './ballotPartNames';

const ignore = (): void => undefined;

export function BallotParts(): ReactElement {
  const t = useT();
  const ui = useUiT();
  const part = (name: BallotPart, element: ReactElement) => <Part name={name}>{element}</Part>;
  const messages: Record<BallotMessage, string> = {
    step: t('polls.ballot.step', { n: '{n}', m: '{m}' }),
    invalidEmail: t('polls.ballot.invalidEmail'),
    unsupportedEmail: t('polls.ballot.unsupportedEmail', { char: '{char}' }),
    submitError: t('polls.ballot.submitError'),
    alreadyVoted: t('polls.already.text', { email: '{email}' }),
    closed: t('polls.ballot.closed'),
    closedAt: t('polls.ballot.closedAt', { time: '{time}' }),
    opensAt: t('polls.ballot.opensAt', { time: '{time}' }),
    error: t('polls.ballot.error'),
    noId: t('polls.ballot.noId'),
    sending: voteStatusText('sending', null),
    waiting: voteStatusText('waiting', null),
    // The language's digits, as the app writes numbers (the step line).
    digits: digitsLine(),
  };
  return (
    <>
      {part('ballot', <BallotFrame title="" index={0} total={1} step="" back={<BackButton fallbackTo="/vote" label={t('polls.ballot.back')} />} question={<QuestionView text="" />} nav={null} />)}
      {part('option', <OptionView name="" option="" chosen={false} onChoose={ignore} />)}
      {part('spacer', <span />)}
      {part('previous', <StepButton label={t('polls.ballot.previous')} />)}
      {part('next', <StepButton label={t('polls.ballot.next')} />)}
      {part('submit', <SubmitVoteButton answered={false} submitting={false} />)}
      {part('email', (
        <ModalFrame title={t('polls.ballot.emailTitle')} titleId="ballot-email" closeLabel={t('polls.ballot.closeHome')}>
          <EmailForm value="" error={null} onChange={ignore} />
        </ModalFrame>
      ))}
      {part('email-error', <EmailError message="" />)}
      {part('thanks', (
        <ModalFrame title={t('polls.thanks.title')} titleId="ballot-thanks" closeLabel={ui('ui.close')}>
          <VoteStatusLine kind="waiting" text="" />
          <CloseButton />
        </ModalFrame>
      ))}
      {part('error', <PollErrorView heading="" message="" />)}
      <Messages texts={messages} />
    </>
  );
}
