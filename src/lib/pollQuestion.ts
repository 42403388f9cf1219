/**
 * One question of a poll, as every layer holds it (award ballots, user polls, drafts, the cache, the
 * Firestore documents): declared once so the shapes cannot drift apart.
 */
export interface PollQuestion {
  id: string;
  question: string;
  options: string[];
}
