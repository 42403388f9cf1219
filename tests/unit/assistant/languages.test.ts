// The assistant in Spanish and Arabic (issue #22): questions typed in either find their topic through the
// topics' Spanish and Arabic words, English typed with the screen in another language still gets the English
// answer, and a suggested question asks its English original. English itself is answer.test.ts's, unchanged.
// (That every answer has its translations, with the same placeholders, is scripts/i18n-check.mjs's.)
import { describe, expect, it } from 'vitest';
import { buildTopicIndex, foldLocal, reply } from '../../../src/features/assistant/answer';
import { SUGGESTIONS } from '../../../src/features/assistant/knowledge';
import { t } from '../../../src/features/assistant/t';

const index = buildTopicIndex();
const topicOf = (q: string, locale: string): string => {
  const r = reply(q, index, undefined, locale);
  return r.kind === 'topic' ? r.topic.id : r.kind;
};

describe('questions typed in Spanish', () => {
  it.each([
    ['¿Cuándo es el evento?', 'event-when'],
    ['¿A qué hora empieza?', 'event-when'],
    ['¿Dónde es el evento?', 'event-where'],
    ['¿Cómo llego al teatro?', 'event-where'],
    ['¿Dónde compro boletos?', 'tickets'],
    ['¿Cuánto cuestan las entradas?', 'tickets'],
    ['¿Cómo voto?', 'vote-how'],
    ['¿Puedo votar sin conexión?', 'vote-offline'],
    ['Se fue el wifi, ¿se perdió mi voto?', 'vote-offline'],
    ['¿Cómo creo una encuesta?', 'poll-create'],
    ['¿Quiénes son los homenajeados?', 'honorees'],
    ['¿Cómo me registro para votar?', 'register'],
    ['¿Cómo voto por correo?', 'absentee'],
    ['¿Dónde está mi casilla?', 'where-to-vote'],
    ['¿Dónde voto?', 'where-to-vote'],
    ['¿Quién ganó la elección de la Corte Suprema?', 'election-results'],
    ['¿Quién gobierna Michigan?', 'officials'],
    ['Quiero reportar un problema', 'feedback'],
    ['¿Cómo instalo la app?', 'install'],
    ['¿Cómo borro mis datos?', 'privacy'],
  ])('%s → %s', (q, id) => {
    expect(topicOf(q, 'es')).toBe(id);
  });
});

describe('questions typed in Arabic', () => {
  it.each([
    ['متى موعد الحفل؟', 'event-when'],
    ['أين مكان الحفل؟', 'event-where'],
    ['كيف أصل إلى المسرح؟', 'event-where'],
    ['كيف أشتري التذاكر؟', 'tickets'],
    ['كيف أصوّت؟', 'vote-how'],
    ['هل يمكنني التصويت دون اتصال؟', 'vote-offline'],
    ['كيف أنشئ استطلاعًا؟', 'poll-create'],
    ['من هم المكرَّمون؟', 'honorees'],
    ['كيف أسجّل للتصويت؟', 'register'],
    ['التصويت بالبريد', 'absentee'],
    ['أين مركز الاقتراع؟', 'where-to-vote'],
    ['نتائج الانتخابات', 'election-results'],
    ['من يحكم ولاية ميشيغان؟', 'officials'],
    ['أريد الإبلاغ عن مشكلة', 'feedback'],
    ['كيف أثبّت التطبيق؟', 'install'],
    ['كيف أحذف بياناتي؟', 'privacy'],
  ])('%s → %s', (q, id) => {
    expect(topicOf(q, 'ar')).toBe(id);
  });

  it('an Arabic question finds its topic even with the screen in English', () => {
    expect(topicOf('كيف أشتري التذاكر؟', 'en')).toBe('tickets');
  });

  it('folds vowel marks, hamza forms and tā’ marbūṭa', () => {
    expect(foldLocal('أصوِّت')).toBe(foldLocal('اصوت'));
    expect(foldLocal('تذكرة')).toBe('تذكره');
    expect(foldLocal('Cuándo')).toBe('cuando');
  });
});

describe('English questions with the screen in Spanish or Arabic still get the English answers', () => {
  it.each(['when is the event', 'where is the venue', 'how do I register to vote?', 'install the app', 'where do I vote', 'how do I vote by mail', 'can I vote offline?'])('%s', (q) => {
    expect(topicOf(q, 'es')).toBe(topicOf(q, 'en'));
    expect(topicOf(q, 'ar')).toBe(topicOf(q, 'en'));
  });
});

describe('suggested questions', () => {
  it('each chip says in English exactly the question it asks', () => {
    for (const s of SUGGESTIONS) expect(t(s.label)).toBe(s.ask);
  });
});
