// The polls lists before the app: an entry of its own (vite.config.ts), loaded only by the prerendered /vote
// page as an async module script (scripts/prerender/routes.mjs). Why: the page's largest paint is a poll card,
// and React can draw one only after the framework's ~130 kB of JavaScript has arrived and run — seconds on a
// venue's slow network. This script is a few kilobytes: it reads the two lists the page already preloads (the
// award ballots and the community polls), fills the prerendered panels with the same cards the app draws
// (texts, order and schema from awardModel.ts and listModel.ts), and hands the requests to the app
// (publicRest.ts), which takes the page over when its own cards match.
// Plain DOM and textContent only: poll titles are other people's input.
// Starts the app once this page has painted (and this script has drawn): one file, one request less.
import '../../boot';
import { readConfig } from '../../remote/config';
import { listPublicCollection, listPublicUserPolls, shareInitialList } from '../../remote/publicRest';
import { AWARD_CARD_TEXT, ballotPath, inBallotOrder, votingState, validAwardPolls, type AwardPollDocument } from './awardModel';
import { firstNameOf, inListOrder, POLL_CARD_TEXT, uploadedOnOf, validUserPolls, type UserPollDocument } from './listModel';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(doc: UserPollDocument): HTMLLIElement {
  const li = el('li', 'card poll-card');
  const count = el('p', 'muted', POLL_CARD_TEXT.counting);
  count.dataset['testid'] = 'vote-count';
  const view = el('a', 'btn btn-small', POLL_CARD_TEXT.view);
  // A plain link: followed before the app has started, it loads the poll page like any other address.
  view.href = `/poll?${new URLSearchParams({ id: doc.pollId }).toString()}`;
  view.setAttribute('aria-label', POLL_CARD_TEXT.viewLabel(doc.title));
  const foot = el('div', 'poll-card-foot');
  foot.append(el('span', ''), view);
  li.append(el('h2', '', doc.title), el('p', 'muted', POLL_CARD_TEXT.postedBy(firstNameOf(doc))), count, foot);
  return li;
}

/** Replaces the prerendered loading state with the list (or the app's empty-list text). */
function showPolls(panel: HTMLElement, docs: readonly unknown[]): void {
  const now = Date.now();
  const polls = inListOrder(validUserPolls(docs).map((doc) => ({ doc, pollId: doc.pollId, uploadedOn: uploadedOnOf(doc, now) })));
  if (polls.length === 0) {
    panel.replaceChildren(el('p', 'muted', POLL_CARD_TEXT.empty));
    return;
  }
  const list = el('ul', 'poll-cards');
  list.append(...polls.map((p) => card(p.doc)));
  panel.replaceChildren(list);
}

/** An award ballot's row, as PollsListScreen's AwardPollCards draws it (without "You voted": that is local). */
function awardRow(poll: AwardPollDocument): HTMLLIElement {
  const window = votingState(poll);
  const open = window.state === 'open';
  const li = el('li', 'card award-row');
  const action = el('a', 'btn btn-small', open ? AWARD_CARD_TEXT.vote : AWARD_CARD_TEXT.view);
  action.href = ballotPath(poll.id);
  action.setAttribute('aria-label', open ? AWARD_CARD_TEXT.voteLabel(poll.title) : AWARD_CARD_TEXT.viewLabel(poll.title));
  const foot = el('div', 'award-row-foot');
  const state = window.state === 'scheduled' ? AWARD_CARD_TEXT.opensAt(new Date(window.opensAt).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })) : AWARD_CARD_TEXT.closed;
  foot.append(el('p', 'muted small', open ? AWARD_CARD_TEXT.categories(poll.questions.length) : state), action);
  li.append(el('h3', '', poll.title), foot);
  return li;
}

function showAwardPolls(panel: HTMLElement, docs: readonly unknown[]): void {
  const polls = inBallotOrder(validAwardPolls(docs));
  panel.removeAttribute('aria-busy');
  if (polls.length === 0) {
    panel.replaceChildren(el('p', 'muted', AWARD_CARD_TEXT.empty));
    return;
  }
  const list = el('ul', 'award-rows');
  list.append(...polls.map(awardRow));
  panel.replaceChildren(list);
}

function start(): void {
  // Only the page this was written for, still showing its prerendered loading state (the service worker
  // empties the prerendered part for addresses with a query; the app may already have taken over).
  const panel = (id: string): HTMLElement | null => document.querySelector<HTMLElement>(`#prerender[data-path="/vote"] #${id}`);
  if (!panel('polls-panel')?.querySelector('.spinner')) return;
  const cfg = readConfig();
  const list = listPublicUserPolls(cfg);
  const awards = listPublicCollection(cfg, 'polls');
  shareInitialList(cfg, 'user-polls', list);
  shareInitialList(cfg, 'polls', awards);
  /** Draws a list into its panel while the panel is still the prerendered one (gone once the app took over). */
  const into = <T>(id: string, docs: PromiseSettledResult<T>, show: (panel: HTMLElement, value: T) => void): void => {
    const target = panel(id);
    // Offline or refused: the loading state stays, and the app says what happened once it runs.
    if (docs.status === 'fulfilled' && target?.matches('[aria-busy="true"], :has(.spinner)')) show(target, docs.value);
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
