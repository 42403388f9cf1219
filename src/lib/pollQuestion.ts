/**
 * One question of a poll, as every layer holds it (award ballots, user polls, drafts, the cache, the
 * Firestore documents): declared once so the shapes cannot drift apart.
 */
export interface PollQuestion {
  id: string;
  question: string;
  options: string[];
}

/** The languages an award poll's words may also be given in (issue #57; features/polls/awardModel.ts reads them). */
export type PollTextLanguage = 'es' | 'ar';

/** One language's words of an award poll: its title and one entry a category, in order; "" where none is given. */
export interface PollTexts {
  title: string;
  questions: string[];
}
export type AwardPollTexts = Partial<Record<PollTextLanguage, PollTexts>>;
/**
 * As a poll document stores them (firestore.rules validLocalTexts): one text a language, its lines the title then
 * one a category, in order ("" where none).
 */
export type StoredPollTexts = Partial<Record<PollTextLanguage, string>>;
