// The create/edit form of an award poll (issue #31): its draft, the limits (the rules' and the ballot's), and the
// record it saves. Pure; errors are codes the screen words in the current language.
import type { AwardPollRecord } from './client';
import { DEVICE_LIMIT_DEFAULT, DEVICE_LIMIT_MAX } from '../../lib/limits';
import type { AwardPollTexts, PollTextLanguage, StoredPollTexts } from '../../lib/pollQuestion';
import { encodePollTexts, LOCAL_TEXT_LIMITS, parsePollTexts, POLL_TEXT_LANGUAGES } from '../polls/awardModel';

export const POLL_LIMITS = { title: 150, categories: 20, category: 300, nominee: 150, nomineesMin: 2, nomineesMax: 20 } as const;

/** A text in Spanish and Arabic (issue #57), as typed; empty or absent: none (voters in that language read the English). */
export type LocalWords = Partial<Record<PollTextLanguage, string>>;
export interface CategoryDraft { id: string; question: string; options: string[]; local?: LocalWords }
/** Who may vote (issue #52): 'open' — one ballot per e-mail, at most `deviceLimit` a phone; 'ticketed' — one per code. */
export interface PollDraft { id: string; isNew: boolean; title: string; local?: LocalWords; order?: number; questions: CategoryDraft[]; voting: 'open' | 'ticketed'; deviceLimit: string }

export type FieldError =
  | { code: 'required' }
  | { code: 'tooLong'; max: number }
  | { code: 'duplicate' };

/** A translation too long for the rules (none is ever required). */
export type LocalErrors = Partial<Record<PollTextLanguage, { code: 'tooLong'; max: number }>>;

export interface FormErrors {
  title?: FieldError;
  titleLocal?: LocalErrors;
  /** The whole list: too many or none. */
  categories?: { code: 'tooFew' | 'tooMany'; max: number };
  /** Open mode's ballots a phone: a whole number from 1 to DEVICE_LIMIT_MAX. */
  deviceLimit?: { code: 'range'; max: number };
  byCategory: {
    question?: FieldError;
    questionLocal?: LocalErrors;
    nominees?: { code: 'tooFew' | 'tooMany'; min: number; max: number };
    byNominee: (FieldError | undefined)[];
  }[];
}

const rand = (n: number, random: () => number): string => Array.from({ length: n }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)]).join('');

/** A new poll's id: the title's Latin letters and digits as a slug (at most 40), then a short random suffix. */
export function pollIdFromTitle(title: string, random: () => number = Math.random): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 40).replace(/-+$/, '');
  return `${slug || 'poll'}-${rand(5, random)}`;
}

/** A new category's id: ballots and tally rows key answers by it, so it never changes once saved. */
export const newCategoryId = (random: () => number = Math.random): string => `q-${rand(8, random)}`;

export function emptyDraft(random: () => number = Math.random): PollDraft {
  return { id: '', isNew: true, title: '', questions: [{ id: newCategoryId(random), question: '', options: ['', ''] }], voting: 'open', deviceLimit: String(DEVICE_LIMIT_DEFAULT) };
}

export function draftOf(poll: AwardPollRecord): PollDraft {
  const texts = parsePollTexts(poll.i18n, poll.questions.length);
  return {
    id: poll.id,
    isNew: false,
    title: poll.title,
    local: Object.fromEntries(POLL_TEXT_LANGUAGES.map((l) => [l, texts?.[l]?.title ?? ''])),
    ...(poll.order === undefined ? {} : { order: poll.order }),
    questions: poll.questions.map((q, i) => ({ id: q.id, question: q.question, options: [...q.options], local: Object.fromEntries(POLL_TEXT_LANGUAGES.map((l) => [l, texts?.[l]?.questions[i] ?? ''])) })),
    voting: poll.voting ?? 'open',
    deviceLimit: String(poll.deviceLimit ?? DEVICE_LIMIT_DEFAULT),
  };
}

const text = (value: string, max: number): FieldError | undefined =>
  value.trim() === '' ? { code: 'required' } : value.trim().length > max ? { code: 'tooLong', max } : undefined;

/** Translations are optional: only their length is checked. */
function localErrors(words: LocalWords | undefined, max: number): LocalErrors | undefined {
  const found = POLL_TEXT_LANGUAGES.filter((l) => (words?.[l] ?? '').trim().length > max);
  return found.length ? Object.fromEntries(found.map((l) => [l, { code: 'tooLong', max }])) : undefined;
}

export function validateDraft(d: PollDraft): FormErrors {
  const L = POLL_LIMITS;
  const errors: FormErrors = { byCategory: [] };
  const title = text(d.title, L.title);
  if (title) errors.title = title;
  const titleLocal = localErrors(d.local, LOCAL_TEXT_LIMITS.title);
  if (titleLocal) errors.titleLocal = titleLocal;
  if (d.questions.length === 0) errors.categories = { code: 'tooFew', max: L.categories };
  if (d.questions.length > L.categories) errors.categories = { code: 'tooMany', max: L.categories };
  const limit = Number(d.deviceLimit);
  if (d.voting === 'open' && !(/^\s*\d+\s*$/.test(d.deviceLimit) && limit >= 1 && limit <= DEVICE_LIMIT_MAX)) errors.deviceLimit = { code: 'range', max: DEVICE_LIMIT_MAX };
  errors.byCategory = d.questions.map((q) => {
    const question = text(q.question, L.category);
    const seen = new Set<string>();
    const byNominee = q.options.map((o) => {
      const e = text(o, L.nominee);
      if (e) return e;
      const key = o.trim().toLocaleLowerCase();
      if (seen.has(key)) return { code: 'duplicate' } as const;
      seen.add(key);
      return undefined;
    });
    const n = q.options.length;
    const nominees = n < L.nomineesMin ? { code: 'tooFew' as const, min: L.nomineesMin, max: L.nomineesMax } : n > L.nomineesMax ? { code: 'tooMany' as const, min: L.nomineesMin, max: L.nomineesMax } : undefined;
    const questionLocal = localErrors(q.local, LOCAL_TEXT_LIMITS.question);
    return { ...(question ? { question } : {}), ...(questionLocal ? { questionLocal } : {}), ...(nominees ? { nominees } : {}), byNominee };
  });
  return errors;
}

export const hasErrors = (e: FormErrors): boolean =>
  e.title !== undefined || e.titleLocal !== undefined || e.categories !== undefined || e.deviceLimit !== undefined || e.byCategory.some((c) => c.question || c.questionLocal || c.nominees || c.byNominee.some(Boolean));

/** What savePoll writes: trimmed text; a new poll gets its id from the title and comes after the others. */
export function recordOf(d: PollDraft, existingOrders: readonly number[], random: () => number = Math.random): Omit<AwardPollRecord, 'opensAt' | 'closesAt' | 'open'> {
  const id = d.isNew ? pollIdFromTitle(d.title, random) : d.id;
  const order = d.order ?? (d.isNew ? Math.max(0, ...existingOrders) + 1 : undefined);
  return {
    id,
    title: d.title.trim(),
    ...(order === undefined ? {} : { order }),
    // A line break would let one nominee pass the rules as two (firestore.rules validCategory): never sent.
    questions: d.questions.map((q) => ({ id: q.id, question: q.question.trim(), options: q.options.map((o) => o.replace(/[\r\n]+/g, ' ').trim()) })),
    voting: d.voting,
    ...withTexts(i18nOf(d)),
    // Kept in ticketed mode too (unused there), so switching back restores what the organisers chose.
    deviceLimit: Number(d.deviceLimit) >= 1 ? Math.min(DEVICE_LIMIT_MAX, Math.trunc(Number(d.deviceLimit))) : DEVICE_LIMIT_DEFAULT,
  };
}

/** As the document stores them (one text a language); none typed: no field. */
const withTexts = (texts: AwardPollTexts | undefined): { i18n?: StoredPollTexts } => {
  const i18n = encodePollTexts(texts);
  return i18n ? { i18n } : {};
};

/** One line, trimmed: a line break would let one text pass the rules' one-per-category list as two. */
const oneLine = (s: string | undefined): string => (s ?? '').replace(/[\r\n]+/g, ' ').trim();

/**
 * The Spanish and Arabic words as the poll document stores them: per language, the title and one entry a category
 * in the draft's order ("" where none); a language with nothing typed is left out, and so is `i18n` with none.
 */
export function i18nOf(d: PollDraft): AwardPollTexts | undefined {
  const out: AwardPollTexts = {};
  for (const lang of POLL_TEXT_LANGUAGES) {
    const texts = { title: oneLine(d.local?.[lang]), questions: d.questions.map((q) => oneLine(q.local?.[lang])) };
    if (texts.title !== '' || texts.questions.some((q) => q !== '')) out[lang] = texts;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Nominees of the saved poll that this draft renames or removes (by category): votes already cast for them stop
 * counting (tallyPoll counts only listed nominees), though the votes themselves are kept.
 */
export function droppedNominees(saved: AwardPollRecord, d: PollDraft): { category: string; nominees: string[] }[] {
  return saved.questions.flatMap((q) => {
    const now = d.questions.find((x) => x.id === q.id);
    const kept = new Set((now?.options ?? []).map((o) => o.trim()));
    const gone = q.options.filter((o) => o.trim() !== '' && !kept.has(o));
    return gone.length ? [{ category: q.question, nominees: gone }] : [];
  });
}

/** Moves item `i` by `by` places (−1 up, +1 down); out of range leaves the list as it is. */
export function move<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
