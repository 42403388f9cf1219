// The award ballot before the app: an entry of its own (build/prerender.ts), run by the prerendered /poll page as
// an async module (scripts/prerender/routes.mjs). Why: people open the ballot from a QR code on a venue's weak
// Wi-Fi, and React alone (67 kB gz) takes seconds to arrive there. This script is a few kilobytes: it reads the
// award polls the page preloads (one public REST list), draws the ballot with the app's own markup and words
// (awardModel.ts), and lets the visitor give their e-mail and choose — usable about one round trip after the
// HTML. What the visitor does here is the ballot's draft in IndexedDB (the table the app's ballot resumes from)
// and is announced with BALLOT_EVENT, so the app, which takes over the page (src/app/prerender.ts), goes on from
// it. A vote submitted here goes straight into IndexedDB — the voter's record and the outbox row, built by
// src/sync/awardVoteRow.ts exactly as the app builds them, written with raw IndexedDB (src/db/preApp.ts) — and
// the app sends it like any other queued write.
// Plain DOM and textContent only: poll texts are organisers' input, e-mails the visitor's.
// Starts the app once this page has painted (and this script has drawn): one file, one request less.
import '../../boot';
import { readConfig } from '../../remote/config';
import { firstPublicPage, shareInitialList } from '../../remote/publicRest';
import {
  announceBallot, BALLOT_TEXT, noteCastBeforeApp, votingState, optionOrder, validAnswers, validAwardPolls,
  type AwardPollDocument, type BallotHandover,
} from './awardModel';
import { checkEmail, checkSubmission, shuffle, voteDocId, voteStatus } from './logic';
import { LIMITS } from '../../lib/limits';
import { knownOffset } from '../../lib/serverNow';
import type { BallotDraft } from '../../db/types';
// Direct files, not the folders' entry points: those import Dexie and the sync engine, which this page must not load.
import { readDraftBeforeApp, saveDraftBeforeApp, storeVoteBeforeApp } from '../../db/preApp';
import { awardVoteRows } from '../../sync/awardVoteRow';

/** Spec §9, as in PollScreen. */
const AUTO_ADVANCE_MS = 500;

type Attrs = Record<string, string | boolean | undefined>;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') node.className = String(v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null) node.append(c);
  return node;
}

function closeIcon(): SVGSVGElement {
  // The app's CloseIcon (src/app/icons.tsx), so the swap to the app changes nothing on screen.
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ width: '24', height: '24', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(k, v);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M6 6l12 12M18 6 6 18');
  svg.append(path);
  return svg;
}

function backIcon(): SVGSVGElement {
  // The app's BackIcon (src/ui/icons.tsx).
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ width: '24', height: '24', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true', focusable: 'false', class: 'icon-flip' })) svg.setAttribute(k, v);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M15 18 9 12l6-6');
  svg.append(path);
  return svg;
}

/** The app's BackButton (src/ui/BackButton.tsx): back in the app's history, else the polls list. */
function backButton(): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'back-button' }, backIcon(), h('span', {}, BALLOT_TEXT.back));
  button.addEventListener('click', () => {
    const index = (history.state as { __TSR_index?: unknown } | null)?.__TSR_index;
    if (typeof index === 'number' && index > 0) history.back();
    else window.location.href = '/vote';
  });
  return button;
}

const goHome = (): void => {
  window.location.href = '/';
};

/** A modal as src/ui/Modal.tsx draws it (labelled, Escape and the close button leave, Tab stays inside). */
function modal(id: string, title: string, closeLabel: string, ...content: Node[]): HTMLElement {
  const close = h('button', { type: 'button', class: 'icon-btn modal-close', 'aria-label': closeLabel }, closeIcon());
  close.addEventListener('click', goHome);
  const dialog = h('div', { class: 'modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id }, close, h('h2', { id, class: 'modal-title' }, title), ...content);
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      goHome();
    } else if (e.key === 'Tab') {
      const list = [...dialog.querySelectorAll<HTMLElement>('button, [href], input')].filter((el) => !el.hasAttribute('disabled'));
      const first = list[0];
      const last = list[list.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  });
  return h('div', { class: 'modal-backdrop' }, dialog);
}

/**
 * The ballot for one open award poll, drawn into the page's prerendered slot, from the draft this device keeps
 * of it (if any). Resolves once the draft on screen is stored, so the app (which reads it) shows the same options
 * in the same order.
 */
function drawBallot(page: HTMLElement, poll: AwardPollDocument, saved: BallotDraft | null): Promise<unknown> {
  const state: BallotHandover = {
    pollId: poll.id,
    email: saved?.email ?? '',
    emailInput: saved?.email ?? '',
    answers: validAnswers(poll.questions, saved?.answers ?? {}),
    index: Math.min(saved?.index ?? 0, poll.questions.length - 1),
    order: optionOrder(poll.questions, saved?.order, (o) => shuffle(o)),
    updatedAt: saved?.updatedAt ?? Date.now(),
  };
  // Gone once the app has taken the page over: from then on this script does nothing.
  const alive = (): boolean => page.isConnected;
  // One write at a time, in order: the last change is the one stored.
  let saving: Promise<unknown> = Promise.resolve();
  const save = (touched = true): Promise<unknown> => {
    if (touched) state.updatedAt = Date.now();
    const { emailInput: _typed, ...draft } = state;
    saving = saving.then(() => saveDraftBeforeApp(draft));
    announceBallot(state);
    return saving;
  };

  const total = poll.questions.length;
  const title = h('h1', { class: 'poll-title' }, poll.title);
  const bar = h('div', { class: 'poll-progress-bar' });
  const progress = h('div', { class: 'poll-progress', role: 'progressbar', 'aria-label': BALLOT_TEXT.progress, 'aria-valuemin': '1', 'aria-valuemax': String(total) }, bar);
  const step = h('p', { class: 'poll-step' });
  const question = h('div', { class: 'poll-question', tabindex: '-1' });
  const nav = h('div', { class: 'poll-nav' });
  const body = h('div', { class: 'screen-body' }, backButton(), title, progress, step, question, nav);
  const section = h('section', { class: 'screen poll-screen' }, body);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drawQuestion = (): void => {
    const i = state.index;
    const q = poll.questions[i];
    if (!q) return;
    bar.style.width = `${((i + 1) / total) * 100}%`;
    progress.setAttribute('aria-valuenow', String(i + 1));
    progress.setAttribute('aria-valuetext', BALLOT_TEXT.step(i + 1, total));
    step.textContent = BALLOT_TEXT.step(i + 1, total);
    const options = (state.order[q.id] ?? q.options).map((option) => {
      const chosen = state.answers[q.id] === option;
      const input = h('input', { type: 'radio', name: `q-${q.id}`, value: option });
      input.checked = chosen;
      input.addEventListener('change', () => choose(q.id, option));
      return h('label', { class: chosen ? 'poll-option chosen' : 'poll-option' }, input, h('span', {}, option));
    });
    question.replaceChildren(h('fieldset', {}, h('legend', { class: 'poll-question-text' }, q.question), h('div', { class: 'poll-options' }, ...options)));
    drawNav();
  };

  const drawNav = (): void => {
    const i = state.index;
    const q = poll.questions[i];
    const answered = q ? Boolean(state.answers[q.id]) : false;
    const items: HTMLElement[] = [];
    if (i > 0) {
      const prev = h('button', { type: 'button', class: 'btn btn-ghost btn-small' }, BALLOT_TEXT.previous);
      prev.addEventListener('click', () => go(i - 1));
      items.push(prev);
    } else items.push(h('span'));
    if (i < total - 1 && answered) {
      const next = h('button', { type: 'button', class: 'btn btn-ghost btn-small' }, BALLOT_TEXT.next);
      next.addEventListener('click', () => go(i + 1));
      items.push(next);
    }
    if (i === total - 1) {
      // Spec §2: Submit Vote appears on the last question, hidden and disabled until it is answered.
      const submit = h('button', { type: 'button', class: 'btn', hidden: !answered, disabled: !answered }, BALLOT_TEXT.submitVote);
      submit.addEventListener('click', submitVote);
      items.push(submit);
    }
    nav.replaceChildren(...items);
  };

  const go = (index: number): void => {
    if (!alive()) return;
    state.index = index;
    void save();
    drawQuestion();
  };

  const choose = (qid: string, option: string): void => {
    if (!alive()) return;
    state.answers = { ...state.answers, [qid]: option };
    clearTimeout(timer);
    void save();
    drawQuestion();
    if (state.index < total - 1) {
      const from = state.index;
      timer = setTimeout(() => {
        if (!alive() || state.index !== from) return;
        go(from + 1);
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        question.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
        question.focus({ preventScroll: true });
      }, AUTO_ADVANCE_MS);
    }
  };

  let submitting = false;
  const submitVote = (): void => {
    if (!alive() || submitting) return;
    const check = checkSubmission(poll.questions, state.answers, state.email);
    if (!check.ok) {
      window.alert(check.alert);
      return;
    }
    const pressedAt = new Date();
    submitting = true;
    void voteDocId(poll.id, state.email).then(async (docId) => {
      const offset = knownOffset();
      const { vote, row } = awardVoteRows({ docId, pollId: poll.id, responseId: crypto.randomUUID(), email: state.email, answers: state.answers, pressedAt, ...(offset === undefined ? {} : { clockOffset: offset }) });
      // After any draft write still in flight, so it cannot bring the draft back once the vote has removed it.
      await saving;
      const outcome = await storeVoteBeforeApp(vote, row);
      submitting = false;
      if (outcome === 'already') window.alert(BALLOT_TEXT.alreadyVoted(vote.user));
      // Spec §8; nothing was written: the ballot stays on screen, and the app (when it comes) can send it.
      else if (outcome === 'unavailable') window.alert(BALLOT_TEXT.submitError);
      else {
        noteCastBeforeApp(vote);
        thank();
      }
    });
  };

  const thank = (): void => {
    const status = voteStatus(undefined, undefined, navigator.onLine);
    const close = h('button', { type: 'button', class: 'btn btn-block', 'data-autofocus': true }, BALLOT_TEXT.close);
    close.addEventListener('click', goHome);
    const thanks = modal('ballot-thanks', BALLOT_TEXT.thankYouTitle, BALLOT_TEXT.close, h('p', { role: 'status', 'data-testid': 'vote-status', 'data-sent': 'no', 'data-state': status.kind }, status.text), close);
    section.append(thanks);
    close.focus();
  };

  // The e-mail step (spec §2) first, unless it was done before a reload.
  const emailInput = h('input', { id: 'vote-email', 'data-autofocus': true, type: 'email', inputmode: 'email', autocomplete: 'email', maxlength: String(LIMITS.email), 'aria-describedby': 'email-help' });
  emailInput.value = state.emailInput;
  // Typed text is not a draft (the app's ballot keeps only an accepted e-mail): only announced, so the app's
  // e-mail dialog (a portal outside #root, which the takeover's carryOver does not reach) shows it too.
  emailInput.addEventListener('input', () => {
    state.emailInput = emailInput.value;
    announceBallot(state);
  });
  const field = h('div', { class: 'field' }, h('label', { for: 'vote-email' }, BALLOT_TEXT.emailLabel), emailInput);
  const form = h(
    'form',
    { novalidate: true },
    h('p', { id: 'email-help' }, BALLOT_TEXT.emailHelp),
    field,
    h('p', { class: 'muted small' }, BALLOT_TEXT.emailNote),
    h('button', { type: 'submit', class: 'btn btn-block' }, BALLOT_TEXT.emailSubmit),
  );
  const emailStep = modal('ballot-email', BALLOT_TEXT.emailTitle, BALLOT_TEXT.closeHome, form);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!alive()) return;
    const verdict = checkEmail(emailInput.value);
    if (!verdict.ok) {
      const message = verdict.reason === 'unsupported' ? BALLOT_TEXT.unsupportedEmail(verdict.char) : BALLOT_TEXT.invalidEmail;
      field.querySelector('.field-error')?.remove();
      field.append(h('p', { id: 'email-error', class: 'field-error' }, message));
      emailInput.setAttribute('aria-describedby', 'email-help email-error');
      emailInput.setAttribute('aria-invalid', 'true');
      window.alert(message);
      return;
    }
    state.email = emailInput.value.trim();
    void save();
    emailStep.remove();
    question.focus({ preventScroll: true });
  });

  drawQuestion();
  if (!state.email) section.append(emailStep);
  page.replaceChildren(section);
  if (!state.email) emailInput.focus({ preventScroll: true });
  return save(false);
}

/** The spec's error view (as PollScreen draws it), e.g. for a ballot the organisers closed. */
function drawMessage(page: HTMLElement, heading: string, message: string): void {
  page.replaceChildren(
    h('section', { class: 'screen poll-error', role: 'alert' }, h('h1', {}, heading), h('p', {}, message), h('a', { href: '/vote', class: 'btn' }, BALLOT_TEXT.backToPolls)),
  );
}

function start(): void {
  // Only on the page this was written for, still showing its loading state (the app may already have taken over).
  const page = document.querySelector<HTMLElement>('#prerender[data-path="/poll"] main .page');
  if (!page?.querySelector('.spinner')) return;
  const id = new URLSearchParams(window.location.search).get('id');
  if (!id) {
    drawMessage(page, BALLOT_TEXT.error, BALLOT_TEXT.noId);
    return;
  }
  const cfg = readConfig();
  const first = firstPublicPage(cfg, 'polls');
  // Beside the list's request: the draft of an earlier visit (or a reload), from IndexedDB.
  const saved = readDraftBeforeApp(id);
  // The app takes this answer instead of asking again (src/remote/index.ts), and saves every ballot of it —
  // when it is the whole list (always, at a venue: one page holds 300 ballots).
  const list = first.then((p) => (p.complete ? p.docs : Promise.reject(new Error('more than one page'))));
  shareInitialList(cfg, 'polls', list);
  const drawn = first.then(
    async ({ docs }) => {
      if (!page.isConnected || !page.querySelector('.spinner')) return;
      const poll = validAwardPolls(docs).find((p) => p.id === id);
      // Not an award ballot (a community poll, or no such poll): the app finds out and says which.
      if (!poll) return;
      const window = votingState(poll);
      if (window.state === 'scheduled') drawMessage(page, poll.title, BALLOT_TEXT.opensAt(new Date(window.opensAt).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })));
      else if (window.state === 'closed') drawMessage(page, poll.title, BALLOT_TEXT.closed);
      else {
        const draft = await saved;
        if (page.isConnected && page.querySelector('.spinner')) await drawBallot(page, poll, draft);
      }
    },
    // Offline or refused: the spinner stays, and the app says what happened once it runs.
    () => undefined,
  );
  // Ask src/boot.ts to start the app only once the ballot is usable (it waits 1.5 s at most): the framework's
  // download must not share the venue's bandwidth with the ballot's. Same registered symbol as there.
  (globalThis as { [key: symbol]: unknown })[Symbol.for('town-square.before-app')] = drawn;
}

start();
