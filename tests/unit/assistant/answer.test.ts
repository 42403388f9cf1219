import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TownSquareDB } from '../../../src/db';
import { loadAllPacks } from '../../../src/data/loader';
import { buildPeopleIndex, type PeopleIndex } from '../../../src/features/civic';
import { buildTopicIndex, reply, type Reply, type TopicIndex } from '../../../src/features/assistant/answer';
import { SUGGESTED_QUESTIONS, topics } from '../../../src/features/assistant/knowledge';
import { EVENT_DATE, VENUE } from '../../../src/lib/event';
import governors from '../../../src/data/packs/governors.json';

const db = new TownSquareDB('assistant-answer');
let people: PeopleIndex;
let topicIndex: TopicIndex;
beforeAll(async () => {
  await loadAllPacks(db);
  people = buildPeopleIndex(await db.people.toArray());
  topicIndex = buildTopicIndex();
});
afterAll(async () => {
  await db.delete();
});

const ask = (q: string, withPeople = true): Reply => reply(q, topicIndex, withPeople ? people : undefined);
const topicOf = (q: string): string | undefined => {
  const r = ask(q);
  return r.kind === 'topic' ? r.topic.id : r.kind;
};
const peopleOf = (q: string): string[] => {
  const r = ask(q);
  return r.kind === 'people' ? r.people.map((p) => p.name) : [];
};

describe('assistant: what it does not know, said as such (issue #57)', () => {
  it('parking: not the address as if it answered — that Town Square has none, and where to look', () => {
    for (const q of ['Is there parking?', 'where can i park', 'Parking garage near the Fox?']) expect(topicOf(q), q).toBe('parking');
    const r = ask('Is there parking?');
    if (r.kind !== 'topic') throw new Error('no topic');
    expect(r.topic.answer).toMatch(/^Town Square has no parking information for /);
    expect(r.topic.answer).toContain(VENUE.name);
    // The venue's address questions still get the address.
    expect(topicOf('What is the address?')).toBe('event-where');
  });

  it('who won an award: not honoree pages — that winners are announced at the ceremony, and the ballots', () => {
    for (const q of ['Who won designer of the year?', 'who won best menswear', 'When are the winners announced?']) expect(topicOf(q), q).toBe('award-winners');
    const r = ask('Who won designer of the year?');
    if (r.kind !== 'topic') throw new Error('no topic');
    expect(r.topic.answer).toContain('announced on the night');
    expect(r.topic.links.map((l) => ('to' in l ? l.to : l.href))).toContain('/vote');
    // Elections are another question.
    expect(topicOf('Who won the Supreme Court election?')).toBe('election-results');
    expect(topicOf('Who are the honorees?')).toBe('honorees');
  });
});

describe('assistant: questions about the event and the app', () => {
  it('answers when the event is, with the date and venue the screens show', () => {
    const r = ask('When is the event?');
    expect(r.kind).toBe('topic');
    if (r.kind !== 'topic') return;
    expect(r.topic.answer).toContain(EVENT_DATE);
    expect(r.topic.answer).toContain(VENUE.name);
    expect(r.topic.links.map((l) => l.label)).toContain('Event details');
  });

  it.each([
    ['when is the event', 'event-when'],
    ['What time does it start?', 'event-when'],
    ['WHEN DOES THE AWARDS NIGHT START', 'event-when'],
    ['where is the venue', 'event-where'],
    ['how do i get to the fox theatre', 'event-where'],
    ['directions', 'event-where'],
    ['how do I register to vote?', 'register'],
    ['am i registerd', 'register'], // one typo in a long word
    ['how do I vote', 'vote-how'],
    ['can I vote offline?', 'vote-offline'],
    ['the wifi dropped, is my vote lost?', 'vote-offline'],
    ['where can I buy tickets', 'tickets'],
    ['absentee ballot', 'absentee'],
    ['where is my polling place', 'where-to-vote'],
    ['how do i make my own poll', 'poll-create'],
    ['how do i delete my data', 'privacy'],
    ['install the app', 'install'],
    ['who are the honorees', 'honorees'],
    ['who won the supreme court election', 'election-results'],
  ])('%s → %s', (question, id) => {
    expect(topicOf(question)).toBe(id);
  });

  it('every suggested question gets a real answer', () => {
    for (const q of SUGGESTED_QUESTIONS) expect(ask(q).kind, q).not.toBe('unknown');
  });

  it('every topic answers its own example questions', () => {
    for (const t of topics()) for (const q of t.questions) expect(topicOf(q), q).toBe(t.id);
  });

  it('says it does not know rather than guessing from filler words', () => {
    expect(ask('how do I?').kind).toBe('unknown');
    expect(ask('what is the airspeed of a swallow').kind).toBe('unknown');
    expect(ask('   ').kind).toBe('unknown');
    expect(ask('zzzz qqqq').kind).toBe('unknown');
  });
});

describe('assistant: who holds an office, from the civic packs', () => {
  const gov = (state: string) => governors.entries.find((g) => g.state === state)!.name;

  it('"who is the governor of michigan?" names her once (she is in two packs) with one profile', () => {
    const r = ask('Who is the governor of Michigan?');
    expect(r.kind).toBe('people');
    if (r.kind !== 'people') return;
    expect(r.people[0]!.name).toBe(gov('michigan'));
    expect(r.people.filter((p) => p.name === gov('michigan'))).toHaveLength(1);
    expect(r.people[0]!.roles.map((role) => role.link.to)).toEqual(['/onegovernor']);
    // Only the clear best match: not also the lieutenant governor, whose office line also says "governor".
    expect(r.people.map((p) => p.name)).toEqual([gov('michigan')]);
  });

  it.each([
    ['who is the governor of ohio', 'ohio'],
    ["who's the gov of texas", 'texas'],
    ['whos the governor of NH', 'new-hampshire'],
  ])('%s', (question, state) => {
    expect(peopleOf(question)[0]).toBe(gov(state));
  });

  it('an office held in two places names both holders; a precise one names one', () => {
    const ags = peopleOf('who is the attorney general');
    expect(ags).toHaveLength(2);
    expect(peopleOf('who is the lt governor of michigan')).toHaveLength(1);
  });

  it('a bare name finds the person even without "who"', () => {
    expect(peopleOf('gretchen whitmer')[0]).toBe(gov('michigan'));
  });

  it('without the packs (never loaded on this device) an office question still gets an honest answer', () => {
    const r = reply('who is the governor of ohio', topicIndex, undefined);
    expect(r.kind).not.toBe('people');
  });
});
