// How the assistant picks a reply: the question is matched against the topics (knowledge.ts) and against
// the civic people with the same MiniSearch rules as the civic search (folding, stop words, one typo in long
// words, abbreviations), so "whos the lt gov of mich" and "when does it start" both land. No scoring of our own
// beyond choosing between the two indexes.
// Spanish and Arabic (issue #22): a question typed in either is first matched against each topic's few words in
// those languages (`local` in knowledge.ts); the English rules above stay exactly as they were.
import type MiniSearch from 'minisearch';
import { createTextIndex, queryTerms, searchIndex, textQuery, type PeopleIndex, type PersonResult } from '../civic';
import { topics, type Topic } from './knowledge';

export type Reply =
  | { kind: 'topic'; topic: Topic }
  | { kind: 'people'; people: PersonResult[] }
  | { kind: 'unknown' };

interface TopicDoc {
  id: string;
  questions: string;
  keywords: string;
}

export interface TopicIndex {
  readonly search: MiniSearch<TopicDoc>;
  readonly byId: ReadonlyMap<string, Topic>;
  /** Each topic's Spanish and Arabic words, folded, with the weight of each word (see localTopic). */
  readonly local: readonly LocalTopic[];
}

interface LocalTopic {
  topic: Topic;
  words: readonly { word: string; weight: number; prefix: boolean }[];
}

/**
 * Spanish and Arabic text folded for matching: lower case, accents and Arabic vowel marks and tatweel dropped,
 * hamza carriers and alef forms made plain (NFKD splits أ إ آ ؤ ئ into letter + mark), tā' marbūṭa as hā',
 * alif maqṣūra as yā'.
 */
export function foldLocal(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .toLowerCase()
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a');
}

const localWords = (text: string): string[] => foldLocal(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function buildLocal(list: readonly Topic[]): LocalTopic[] {
  const perTopic = list.map((topic) => ({ topic, words: [...new Set(localWords(topic.local))] }));
  // A word several topics share ("votar") counts for less than one only a single topic has ("correo").
  const spread = new Map<string, number>();
  for (const { words } of perTopic) for (const w of words) spread.set(w, (spread.get(w) ?? 0) + 1);
  return perTopic.map(({ topic, words }) => ({
    topic,
    words: words.map((word) => ({ word, weight: 1 / spread.get(word)!, prefix: /^[a-z0-9]+$/.test(word) })),
  }));
}

export function buildTopicIndex(list: readonly Topic[] = topics()): TopicIndex {
  const search = createTextIndex<TopicDoc>({ fields: ['questions', 'keywords'], boost: { questions: 2 } });
  search.addAll(list.map((t) => ({ id: t.id, questions: t.questions.join(' '), keywords: t.keywords })));
  return { search, byId: new Map(list.map((t) => [t.id, t])), local: buildLocal(list) };
}

/**
 * The topic a Spanish or Arabic question is about: each typed word counts once per topic, with the weight of the
 * best of the topic's words it matches (a Latin word: the typed word begins with it, so "vot" finds "votar";
 * an Arabic word: the typed word contains it, so "تصويت" finds "والتصويت"). Highest total wins; on a tie the
 * earlier topic (the list is in order of how often people ask).
 */
export function localTopic(index: TopicIndex, text: string): Topic | undefined {
  const typed = localWords(text);
  if (typed.length === 0) return undefined;
  let best: Topic | undefined;
  let bestScore = 0;
  for (const { topic, words } of index.local) {
    let score = 0;
    for (const w of typed) {
      let weight = 0;
      for (const k of words) if (k.weight > weight && (k.prefix ? w.startsWith(k.word) : w.includes(k.word))) weight = k.weight;
      score += weight;
    }
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Words every question has: a topic matched on these alone is no match ("how do I …" must not answer with
 * whatever topic says "how" most often). Question words that carry meaning (when, where, who) are not here.
 */
const FILLER: ReadonlySet<string> = new Set([
  'how', 'do', 'does', 'did', 'i', 'can', 'could', 'what', 'whats', 'is', 'are', 'was', 'my', 'me', 'you', 'your', 'it',
  'get', 'there', 'we', 'be', 'will', 'should', 'would', 'please', 'tell', 'about', 'this', 'that', 'with', 'any', 'some',
]);

/** Words dropped before a question is looked up as a person: "who is the governor of ohio" → "governor ohio". */
const PERSON_FILLER: ReadonlySet<string> = new Set([
  ...FILLER, 'who', 'whos', 'which', 'current', 'currently', 'now', 'today', 'our', 'name', 'named', 'holds', 'serves',
  'serving', 'person', 'official',
  // Words that ask for a whole list ("who is in the cabinet?", "show me the governors"): the lists answer those.
  'officials', 'show', 'list', 'all', 'cabinet', 'governors', 'members',
]);

function personQuery(text: string): string {
  return queryTerms(text.replace(/[’']s\b/gi, 's')).filter((t) => !PERSON_FILLER.has(t)).join(' ');
}

/** The meaningful words of a text (folded, stop words and filler dropped). */
function meaningful(text: string): Set<string> {
  return new Set(queryTerms(text).filter((t) => !FILLER.has(t)));
}

/**
 * How completely the question covers one of the topic's example questions (0…1). BM25 alone ranks "how do I
 * vote" under registration (which says "vote" as often, in shorter text); a question that says everything an
 * example says is the better answer. Only a tie-breaker among real hits.
 */
function coverage(asked: ReadonlySet<string>, topic: Topic): number {
  let best = 0;
  for (const q of topic.questions) {
    const words = meaningful(q);
    if (words.size === 0) continue;
    let covered = 0;
    for (const w of words) if (asked.has(w)) covered += 1;
    best = Math.max(best, covered / words.size);
  }
  return best;
}

/**
 * The people a question names, not everyone near it: when some result holds the very office asked about (its
 * office line says the asked words in that order: "governor of michigan"), only those; otherwise the results
 * scoring close to the best. So "who is the governor of michigan" is her, not also her lieutenant governor.
 */
function clearMatches(results: PersonResult[], asked: string): PersonResult[] {
  const phrase = ` ${asked} `;
  const holds = results.filter((p) => p.roles.some((r) => ` ${queryTerms(r.role).join(' ')} `.includes(phrase)));
  if (holds.length > 0) return holds;
  const top = results[0]?.score ?? 0;
  return results.filter((p) => p.score >= top * 0.6);
}

function bestTopic(index: TopicIndex, text: string): Topic | undefined {
  const query = textQuery(text, 'OR');
  if (!query) return undefined;
  const asked = meaningful(text);
  const candidates: { topic: Topic; score: number; coverage: number }[] = [];
  for (const hit of index.search.search(query)) {
    // A hit counts only if a meaningful word of the question matched.
    if (!hit.queryTerms.some((t) => !FILLER.has(t))) continue;
    const topic = index.byId.get(String(hit.id));
    if (topic) candidates.push({ topic, score: hit.score, coverage: coverage(asked, topic) });
    if (candidates.length === 5) break;
  }
  candidates.sort((a, b) => Math.round(b.coverage * 10) - Math.round(a.coverage * 10) || b.score - a.score);
  return candidates[0]?.topic;
}

/** Arabic script: never an English question, so always worth the Spanish and Arabic words. */
const ARABIC = /[\u0600-\u06ff]/;

/** Little words that tell an English question from a Spanish one ("where do I vote" / "¿dónde voto?"). */
const ENGLISH_HINTS: ReadonlySet<string> = new Set(['how', 'do', 'does', 'i', 'can', 'what', 'where', 'when', 'who', 'is', 'are', 'the', 'my', 'to', 'of', 'for', 'it', 'me', 'you', 'your', 'get', 'there', 'with']);
const SPANISH_HINTS: ReadonlySet<string> = new Set(['el', 'la', 'los', 'las', 'de', 'del', 'que', 'como', 'donde', 'cuando', 'quien', 'quienes', 'puedo', 'mi', 'mis', 'es', 'son', 'un', 'una', 'por', 'para', 'se', 'en', 'y', 'con', 'hay', 'esta', 'tengo', 'al', 'me', 'lo']);

/** A question typed in English with the screen in Spanish: the English rules answer it, as they would in English. */
function looksEnglish(text: string): boolean {
  let english = 0;
  let spanish = 0;
  for (const w of localWords(text)) {
    if (ENGLISH_HINTS.has(w)) english += 1;
    if (SPANISH_HINTS.has(w)) spanish += 1;
  }
  return english > spanish;
}

/**
 * The reply to one question. "Who …" questions that name someone or an office are answered from the civic
 * packs first; everything else from the topics, then the packs (a bare name), else "unknown". In Spanish and
 * Arabic (`locale`) — unless the question reads as English — or for a question in Arabic script, the topics'
 * Spanish and Arabic words are tried first; the English rules follow unchanged (a name, anything else). The
 * people lookup ("who is the governor of …") is English only.
 */
export function reply(question: string, topicIndex: TopicIndex, people: PeopleIndex | undefined, locale = 'en'): Reply {
  const text = question.trim().slice(0, 300);
  if (!text) return { kind: 'unknown' };
  if (ARABIC.test(text) || (locale !== 'en' && !looksEnglish(text))) {
    const local = localTopic(topicIndex, text);
    if (local) return { kind: 'topic', topic: local };
  }
  const asksWho = /^\s*(who|whos|who['’]s)\b/i.test(text);
  const personText = personQuery(text);
  const found = people && personText ? clearMatches(searchIndex(people, personText, 3), personText) : [];
  if (asksWho && found.length > 0) return { kind: 'people', people: found };
  const topic = bestTopic(topicIndex, text);
  if (topic) return { kind: 'topic', topic };
  if (found.length > 0) return { kind: 'people', people: found };
  return { kind: 'unknown' };
}
