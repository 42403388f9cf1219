// The award ballot before the app: an entry of its own (build/prerender.ts), carried inline by the prerendered
// /poll page as a module script at the end of its body (no request of its own; its bytes are pinned by hash in
// the Content-Security-Policy, scripts/csp-pins.mjs, so nothing here may depend on the build's settings).
// Why: people open the ballot from a QR code on a venue's weak Wi-Fi, and React alone (67 kB gz) takes seconds
// to arrive there. This script is a few kilobytes: it reads the award polls the page preloads (one public REST
// list) and makes the ballot usable as soon as that list has arrived, in the visitor's language. It draws
// nothing of its own: the page carries the app's ballot components as React rendered them at build time, one
// <template> per language (BallotParts.tsx, issue #32); this script clones those parts, puts the poll's words in,
// and attaches the behaviour. What the visitor does here is the
// ballot's draft in IndexedDB (the table the app's ballot resumes from) and is announced with BALLOT_EVENT, so
// the app, which takes over the page (src/app/prerender.ts), goes on from it. A vote submitted here goes straight
// into IndexedDB — the voter's record and the outbox row, built by src/sync/awardVoteRow.ts exactly as the app
// builds them, written with raw IndexedDB (src/db/preApp.ts) — and the app sends it like any other queued write.
// textContent only: poll texts are organisers' input, e-mails the visitor's.
// Starts the app once this page has painted (and this script has drawn): in this script, one request less.
import '../../boot';
import { firstPublicPage, shareInitialList } from '../../remote/publicRest';
import {
  announceBallot, noteCastBeforeApp, votingState, WINDOW_TIME, optionOrder, validAnswers, validAwardPolls,
  type AwardPollDocument, type BallotHandover,
} from './awardModel';
import { AUTO_ADVANCE_MS, checkEmail, checkSubmission, shuffle, voteDocId, voteStatus } from './logic';
import { ballotPartsId, type BallotMessage, type BallotPart } from './ballotPartNames';
import { one, partsOf, type Parts as IslandParts } from './islandParts';
import { knownOffset } from '../../lib/serverNow';
import { heldCode, keepCode, readCode } from '../../lib/votingCodes';
import { startingLocale } from '../../lib/visitLocale';
import { directionOf, isLocale } from '../../lib/locales';
import type { BallotDraft } from '../../db/types';
// Direct files, not the folders' entry points: those import Dexie and the sync engine, which this page must not load.
import { readDraftBeforeApp, saveDraftBeforeApp, storeVoteBeforeApp } from '../../db/preApp';
import { awardVoteRows } from '../../sync/awardVoteRow';

/** The ballot's parts in one language, as the build rendered them, and its messages. */
type Parts = IslandParts<BallotPart, BallotMessage>;

/** The templates of the language this visit starts in (the one the app will start in), else English's; null on a page without them. */
function visitorParts(): Parts | null {
  const find = (locale: string) => document.getElementById(ballotPartsId(locale));
  const template = find(startingLocale()) ?? find('en');
  return template instanceof HTMLTemplateElement ? partsOf<BallotPart, BallotMessage>(template) : null;
}

const goHome = (): void => {
  window.location.href = '/';
};

/** What src/ui/Modal.tsx adds to its markup: Escape and the close button leave (home), Tab stays inside. */
function asModal(backdrop: HTMLElement): HTMLElement {
  const dialog = one<HTMLElement>(backdrop, '[role="dialog"]');
  backdrop.querySelector('.modal-close')?.addEventListener('click', goHome);
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
  return backdrop;
}

/**
 * The ballot for one open award poll, drawn into the page's prerendered slot, from the draft this device keeps
 * of it (if any). Resolves once the draft on screen is stored, so the app (which reads it) shows the same options
 * in the same order.
 */
function drawBallot(page: HTMLElement, P: Parts, poll: AwardPollDocument, saved: BallotDraft | null, code: string | undefined): Promise<unknown> {
  const state: BallotHandover = {
    pollId: poll.id,
    email: saved?.email ?? '',
    ...(code ? { code } : {}),
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
  const section = P.part('ballot');
  // BackButton's behaviour: back in the app's history, else the polls list.
  one(section, '.back-button').addEventListener('click', () => {
    const index = (history.state as { __TSR_index?: unknown } | null)?.__TSR_index;
    if (typeof index === 'number' && index > 0) history.back();
    else window.location.href = '/vote';
  });
  one(section, '.poll-title').textContent = poll.title;
  const progress = one<HTMLElement>(section, '.poll-progress');
  progress.setAttribute('aria-valuemax', String(total));
  const bar = one<HTMLElement>(section, '.poll-progress-bar');
  const step = one<HTMLElement>(section, '.poll-step');
  const question = one<HTMLElement>(section, '.poll-question');
  const legend = one<HTMLElement>(question, 'legend');
  const options = one<HTMLElement>(question, '.poll-options');
  const nav = one<HTMLElement>(section, '.poll-nav');
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drawQuestion = (): void => {
    const i = state.index;
    const q = poll.questions[i];
    if (!q) return;
    const line = P.say('step', { n: P.number(i + 1), m: P.number(total) });
    bar.style.width = `${((i + 1) / total) * 100}%`;
    progress.setAttribute('aria-valuenow', String(i + 1));
    progress.setAttribute('aria-valuetext', line);
    step.textContent = line;
    legend.textContent = q.question;
    options.replaceChildren(
      ...(state.order[q.id] ?? q.options).map((option) => {
        const chosen = state.answers[q.id] === option;
        const label = P.part<HTMLLabelElement>('option');
        label.classList.toggle('chosen', chosen);
        const input = one<HTMLInputElement>(label, 'input');
        input.name = `q-${q.id}`;
        input.value = option;
        input.defaultChecked = chosen;
        input.checked = chosen;
        input.addEventListener('change', () => choose(q.id, option));
        one(label, 'bdi').textContent = option;
        return label;
      }),
    );
    drawNav();
  };

  const drawNav = (): void => {
    const i = state.index;
    const q = poll.questions[i];
    const answered = q ? Boolean(state.answers[q.id]) : false;
    const items: HTMLElement[] = [];
    if (i > 0) {
      const prev = P.part('previous');
      prev.addEventListener('click', () => go(i - 1));
      items.push(prev);
    } else items.push(P.part('spacer'));
    if (i < total - 1 && answered) {
      const next = P.part('next');
      next.addEventListener('click', () => go(i + 1));
      items.push(next);
    }
    if (i === total - 1) {
      const submit = P.part<HTMLButtonElement>('submit');
      submit.hidden = !answered;
      submit.disabled = !answered;
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
      const { vote, row } = awardVoteRows({ docId, pollId: poll.id, responseId: crypto.randomUUID(), email: state.email, answers: state.answers, pressedAt, ...(offset === undefined ? {} : { clockOffset: offset }), ...(code ? { code } : {}) });
      // After any draft write still in flight, so it cannot bring the draft back once the vote has removed it.
      await saving;
      const outcome = await storeVoteBeforeApp(vote, row);
      submitting = false;
      // The e-mail isolated: it may run the other way from the sentence around it.
      if (outcome === 'already') window.alert(P.say('alreadyVoted', { email: `\u2068${vote.user}\u2069` }));
      // Spec §8; nothing was written: the ballot stays on screen, and the app (when it comes) can send it.
      else if (outcome === 'unavailable') window.alert(P.say('submitError'));
      else {
        noteCastBeforeApp(vote);
        thank();
      }
    });
  };

  const thank = (): void => {
    const status = voteStatus(undefined, undefined, navigator.onLine);
    const thanks = asModal(P.part('thanks'));
    const line = one<HTMLElement>(thanks, '[data-testid="vote-status"]');
    line.dataset['state'] = status.kind;
    line.textContent = P.say(status.kind === 'sending' ? 'sending' : 'waiting');
    const close = one<HTMLButtonElement>(thanks, '[data-autofocus]');
    close.addEventListener('click', goHome);
    section.append(thanks);
    close.focus();
  };

  // The e-mail step (spec §2) first, unless it was done before a reload.
  const emailStep = asModal(P.part('email'));
  const form = one<HTMLFormElement>(emailStep, 'form');
  const field = one<HTMLElement>(form, '.field');
  const emailInput = one<HTMLInputElement>(field, 'input');
  emailInput.value = state.emailInput;
  // Typed text is not a draft (the app's ballot keeps only an accepted e-mail): only announced, so the app's
  // e-mail dialog (a portal outside #root, which the takeover's carryOver does not reach) shows it too.
  emailInput.addEventListener('input', () => {
    state.emailInput = emailInput.value;
    announceBallot(state);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!alive()) return;
    const verdict = checkEmail(emailInput.value);
    if (!verdict.ok) {
      const message = verdict.reason === 'unsupported' ? P.say('unsupportedEmail', { char: verdict.char }) : P.say('invalidEmail');
      field.querySelector('.field-error')?.remove();
      const error = P.part('email-error');
      error.textContent = message;
      field.append(error);
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
  show(page, P, section);
  if (!state.email) emailInput.focus({ preventScroll: true });
  return save(false);
}

/** Puts a drawn part on the page, marked with its language when it is not the page's (English) one. */
function show(page: HTMLElement, P: Parts, node: HTMLElement): void {
  if (P.lang !== 'en') {
    page.lang = P.lang;
    page.dir = directionOf(isLocale(P.lang) ? P.lang : 'en');
  }
  page.replaceChildren(node);
}

/** The spec's error view (as PollScreen draws it), e.g. for a ballot the organisers closed. */
function drawMessage(page: HTMLElement, P: Parts, heading: string, message: string): void {
  const view = P.part('error');
  one(view, 'h1').textContent = heading;
  one(view, 'p').textContent = message;
  show(page, P, view);
}

/** A time of the voting window, as the app's formatDate writes it in this language. */
const timeText = (P: Parts, ms: number): string => P.time(ms, WINDOW_TIME);

function start(): void {
  // Only on the page this was written for, still showing its loading state (the app may already have taken over).
  const page = document.querySelector<HTMLElement>('#prerender[data-path="/poll"] main .page');
  if (!page?.querySelector('.spinner')) return;
  const P = visitorParts();
  // A page built without the templates: the spinner stays, and the app draws the ballot.
  if (!P) return;
  const id = new URLSearchParams(window.location.search).get('id');
  if (!id) {
    drawMessage(page, P, P.say('error'), P.say('noId'));
    return;
  }
  // The list the page preloads, at the very URL it preloads (so the browser answers from that request): read
  // from the page, not from the build's configuration, which keeps this script's bytes the same for every
  // project and host — they are pinned by their hash in the Content-Security-Policy (scripts/csp-pins.mjs).
  const url = document.querySelector('link[rel="preload"][as="fetch"][href*="/documents/polls?"]')?.getAttribute('href');
  // A page without it: the spinner stays, and the app draws the ballot.
  if (!url) return;
  const first = firstPublicPage(url);
  // Beside the list's request: the draft of an earlier visit (or a reload), from IndexedDB.
  const saved = readDraftBeforeApp(id);
  // The app takes this answer instead of asking again (src/remote/index.ts), and saves every ballot of it —
  // when it is the whole list (always, at a venue: one page holds 300 ballots).
  const list = first.then((p) => (p.complete ? p.docs : Promise.reject(new Error('more than one page'))));
  shareInitialList(url, 'polls', list);
  const drawn = first.then(
    async ({ docs }) => {
      if (!page.isConnected || !page.querySelector('.spinner')) return;
      const poll = validAwardPolls(docs).find((p) => p.id === id);
      // Not an award ballot (a community poll, or no such poll): the app finds out and says which.
      if (!poll) return;
      const window = votingState(poll);
      if (window.state === 'scheduled') drawMessage(page, P, poll.title, P.say('opensAt', { time: timeText(P, window.opensAt) }));
      else if (window.state === 'closed') drawMessage(page, P, poll.title, window.closedAt === undefined ? P.say('closed') : P.say('closedAt', { time: timeText(P, window.closedAt) }));
      else {
        // A ticketed poll (issue #52) is voted with the code its ticket's link carries (or one kept from before);
        // without one the app asks for it beside the e-mail: the spinner stays until then.
        const code = poll.voting === 'ticketed' ? readCode(new URLSearchParams(location.search).get('code') ?? '') ?? heldCode(poll.id) : undefined;
        if (poll.voting === 'ticketed' && !code) return;
        if (code) keepCode(poll.id, code);
        const draft = await saved;
        if (page.isConnected && page.querySelector('.spinner')) await drawBallot(page, P, poll, draft, code);
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
