// What the /vote preview (preview.ts) draws with before the app arrives, rendered by the build from the app's own
// list components (ListView.tsx) and carried by the /vote page as a <template> (src/app/server.tsx
// listTemplates, scripts/prerender-node.mjs). The preview clones a part and fills in the poll's words; it never
// builds markup of its own. English only: the page around the cards is English until the app arrives (the
// app, in another language, replaces the whole page at once: src/main.tsx).
import type { ReactElement } from 'react';
import { Link } from '@tanstack/react-router';
import { AwardRows, AwardRowView, ListNote, PollCards, PollCardView } from './ListView';
import { digitsLine, Messages, Part, pluralForms } from './PartsTemplate';
import { tNodes, useT } from './t';
import type { ListMessage } from './listPartNames';

export { listPartsId } from './listPartNames';

export function ListParts(): ReactElement {
  const tr = useT();
  const messages: Record<ListMessage, string | Record<string, string>> = {
    viewLabel: tr('polls.all.viewLabel', { title: '{title}' }),
    voteLabel: tr('polls.award.voteLabel', { title: '{title}' }),
    categories: pluralForms((count) => tr('polls.award.categories', { count })),
    opensAt: tr('polls.award.opensAt', { time: '{time}' }),
    pollsEmpty: tr('polls.list.empty'),
    someone: tr('polls.list.someone'),
    awardsEmpty: tr('polls.award.empty'),
    digits: digitsLine(),
  };
  // A link as the app's: the island sets its address and its label.
  const link = (text: string) => <Link to="/poll" className="btn btn-small">{text}</Link>;
  return (
    <>
      <Part name="poll-cards"><PollCards /></Part>
      {/* As the app shows a card before the counts have come in: "Counting votes…". */}
      <Part name="poll-card">
        <PollCardView title="" postedBy={tNodes('polls.list.postedBy', { name: <bdi /> })} count={tr('polls.list.counting')} countMuted waiting={false} action={link(tr('polls.all.view'))} />
      </Part>
      <Part name="award-rows"><AwardRows /></Part>
      <Part name="award-open"><AwardRowView title="" state="" voted={false} action={link(tr('polls.award.vote'))} /></Part>
      <Part name="award-closed"><AwardRowView title="" state={tr('polls.award.closed')} voted={false} action={link(tr('polls.all.view'))} /></Part>
      <Part name="note"><ListNote text="" /></Part>
      <Messages texts={messages} />
    </>
  );
}
