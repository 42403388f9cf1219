// The polls list before the app: an entry of its own (vite.config.ts), loaded only by the prerendered /vote
// page as an async module script (scripts/prerender.mjs). Why: the page's largest paint is a poll card, and
// React can draw one only after the framework's ~130 kB of JavaScript has arrived and run — seconds on a
// venue's slow network. This script is a few kilobytes: it reads the list the page already preloads, fills
// the prerendered panel with the same cards the app draws (texts, order and schema from listModel.ts), and
// hands the request to the app (publicRest.ts), which takes the page over when its own cards match.
// Plain DOM and textContent only: poll titles are other people's input.
import { readConfig } from '../../remote/config';
import { listPublicUserPolls, shareInitialList } from '../../remote/publicRest';
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

function start(): void {
  // Only the page this was written for, still showing its prerendered loading state (the service worker
  // empties the prerendered part for addresses with a query; the app may already have taken over).
  const panel = (): HTMLElement | null => document.querySelector<HTMLElement>('#prerender[data-path="/vote"] #polls-panel');
  if (!panel()?.querySelector('[role="progressbar"]')) return;
  const cfg = readConfig();
  const list = listPublicUserPolls(cfg);
  shareInitialList(cfg, 'user-polls', list);
  const drawn = list.then(
    (docs) => {
      const target = panel(); // gone once the app has taken the page over
      if (target) showPolls(target, docs);
    },
    // Offline or refused: the spinner stays, and the app says what happened once it runs.
    () => undefined,
  );
  // Ask src/boot.ts to start the app after this paint (it waits 1.5 s at most): same registered symbol.
  (globalThis as { [key: symbol]: unknown })[Symbol.for('town-square.before-app')] = drawn;
}

start();
