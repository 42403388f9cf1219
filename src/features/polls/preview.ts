// The polls lists before the app: an entry of its own (vite.config.ts), loaded only by the prerendered /vote
// page as an async module script (scripts/prerender/routes.mjs). Why: the page's largest paint is a poll card,
// and React can draw one only after the framework's ~130 kB of JavaScript has arrived and run — seconds on a
// venue's slow network. This script is a few kilobytes: it reads the two lists the page already preloads (the
// award ballots and the community polls), fills the prerendered panels with the app's own cards and hands the
// requests to the app (publicRest.ts), which takes the page over when its own cards match. It draws nothing of
// its own: the page carries the app's list components as React rendered them at build time (ListParts.tsx,
// issue #32); this script clones those parts and puts the polls' words in (order and schema from awardModel.ts
// and listModel.ts).
// textContent only: poll titles are other people's input.
// Starts the app once this page has painted (and this script has drawn): one file, one request less.
import '../../boot';
import { readConfig } from '../../remote/config';
import { listPublicCollection, listPublicUserPolls, publicListUrl, shareInitialList } from '../../remote/publicRest';
import { ballotPath, inBallotOrder, votingState, validAwardPolls, WINDOW_TIME, type AwardPollDocument } from './awardModel';
import { firstNameOf, inListOrder, uploadedOnOf, validUserPolls, type UserPollDocument } from './listModel';
import { listPartsId, type ListMessage, type ListPart } from './listPartNames';
import { one, partsOf, type Parts as IslandParts } from './islandParts';

type Parts = IslandParts<ListPart, ListMessage>;

/** The link of a card: a plain link, so followed before the app has started it loads the page like any other. */
function aim(link: HTMLAnchorElement, href: string, label: string): void {
  link.href = href;
  link.setAttribute('aria-label', label);
}

/** A community poll's card, as PollsListScreen draws it before the counts have come in. */
function card(P: Parts, doc: UserPollDocument): HTMLLIElement {
  const li = P.part<HTMLLIElement>('poll-card');
  one(li, 'h2').textContent = doc.title;
  // "Posted by:" is never left hanging: a poll whose writer gave no name is an attendee's, as in the app.
  one(li, 'bdi').textContent = firstNameOf(doc).trim() || P.say('someone');
  aim(one(li, 'a'), `/poll?${new URLSearchParams({ id: doc.pollId }).toString()}`, P.say('viewLabel', { title: P.isolate(doc.title) }));
  return li;
}

/** What a list says instead of cards. */
function note(P: Parts, text: string): HTMLElement {
  const p = P.part('note');
  p.textContent = text;
  return p;
}

/** Replaces the prerendered loading state with the list (or the app's empty-list text). */
function showPolls(P: Parts, panel: HTMLElement, docs: readonly unknown[]): void {
  const now = Date.now();
  // All Polls, as the app lists it: a poll the organisers hid is left out (issue #53).
  const polls = inListOrder(validUserPolls(docs).filter((doc) => !doc.hiddenAtMs && !doc.removedAtMs).map((doc) => ({ doc, pollId: doc.pollId, uploadedOn: uploadedOnOf(doc, now) })));
  if (polls.length === 0) {
    panel.replaceChildren(note(P, P.say('pollsEmpty')));
    return;
  }
  const list = P.part('poll-cards');
  list.append(...polls.map((p) => card(P, p.doc)));
  panel.replaceChildren(list);
}

/** An award ballot's row, as PollsListScreen draws it (without "You voted": that is local). */
function awardRow(P: Parts, poll: AwardPollDocument): HTMLLIElement {
  const window = votingState(poll);
  const open = window.state === 'open';
  const li = P.part<HTMLLIElement>(open ? 'award-open' : 'award-closed');
  one(li, 'h3').textContent = poll.title;
  // Closed: the part says so already.
  if (open) one(li, 'p').textContent = P.count('categories', poll.questions.length);
  else if (window.state === 'scheduled') one(li, 'p').textContent = P.say('opensAt', { time: P.time(window.opensAt, WINDOW_TIME) });
  aim(one(li, 'a'), ballotPath(poll.id), P.say(open ? 'voteLabel' : 'viewLabel', { title: P.isolate(poll.title) }));
  return li;
}

function showAwardPolls(P: Parts, panel: HTMLElement, docs: readonly unknown[]): void {
  const polls = inBallotOrder(validAwardPolls(docs));
  panel.removeAttribute('aria-busy');
  if (polls.length === 0) {
    panel.replaceChildren(note(P, P.say('awardsEmpty')));
    return;
  }
  const list = P.part('award-rows');
  list.append(...polls.map((poll) => awardRow(P, poll)));
  panel.replaceChildren(list);
}

function start(): void {
  // Only the page this was written for, still showing its prerendered loading state (the service worker
  // empties the prerendered part for addresses with a query; the app may already have taken over).
  const panel = (id: string): HTMLElement | null => document.querySelector<HTMLElement>(`#prerender[data-path="/vote"] #${id}`);
  if (!panel('polls-panel')?.querySelector('.spinner')) return;
  const template = document.getElementById(listPartsId('en'));
  // A page built without the templates: the loading state stays, and the app draws the lists.
  if (!(template instanceof HTMLTemplateElement)) return;
  const P = partsOf<ListPart, ListMessage>(template);
  const cfg = readConfig();
  const list = listPublicUserPolls(cfg);
  const awards = listPublicCollection(cfg, 'polls');
  shareInitialList(publicListUrl(cfg, 'user-polls'), 'user-polls', list);
  shareInitialList(publicListUrl(cfg, 'polls'), 'polls', awards);
  /** Draws a list into its panel while the panel is still the prerendered one (gone once the app took over). */
  const into = <T>(id: string, docs: PromiseSettledResult<T>, show: (P: Parts, panel: HTMLElement, value: T) => void): void => {
    const target = panel(id);
    // Offline or refused: the loading state stays, and the app says what happened once it runs.
    if (docs.status === 'fulfilled' && target?.matches('[aria-busy="true"], :has(.spinner)')) show(P, target, docs.value);
  };
  // Both lists in the same frame: the award ballots sit above the community polls, so drawing them second
  // would push every card already on screen down (a layout shift under the visitor's thumb).
  const drawn = Promise.allSettled([awards, list]).then(([a, l]) => {
    into('award-polls-panel', a, showAwardPolls);
    into('polls-panel', l, showPolls);
  });
  // Ask src/boot.ts to start the app after this paint (it waits 1.5 s at most): same registered symbol.
  (globalThis as { [key: symbol]: unknown })[Symbol.for('town-square.before-app')] = drawn;
}

start();
