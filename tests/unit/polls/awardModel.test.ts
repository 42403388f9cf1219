import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BALLOT_CAST_EVENT, ballotPath, castBeforeApp, inBallotOrder, isOpen, mayCastAnother, noteCastBeforeApp, optionOrder, validAnswers, validAwardPolls, votingState,
} from '../../../src/features/polls/awardModel';
import { voteStatus } from '../../../src/features/polls/logic';

const q = [{ id: 'q1', question: 'Best?', options: ['A', 'B', ''] }];

function store(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('award polls from the polls collection', () => {
  it('keeps only documents a ballot can show; a malformed one is left out, never a crash', () => {
    const kept = validAwardPolls([
      { id: 'ok', title: 'Fashion', questions: q },
      { id: 'closed', title: 'Old', questions: q, open: false, order: 2 },
      { id: 'no-questions', title: 'Empty', questions: [] },
      { id: 'bad-open', title: 'X', questions: q, open: 'yes' },
      { id: '', title: 'No id', questions: q },
      { title: 'No id at all', questions: q },
      null,
      42,
    ]);
    expect(kept.map((p) => p.id)).toEqual(['ok', 'closed']);
    expect(kept.map(isOpen)).toEqual([true, false]);
  });

  it('orders ballots by the organisers’ order, then title, then id', () => {
    const polls = [
      { id: 'c', title: 'Community' },
      { id: 'f', title: 'Fashion', order: 1 },
      { id: 'b', title: 'Beauty' },
      { id: 'a', title: 'Beauty' },
      { id: 'z', title: 'Zed', order: 0 },
    ];
    expect(inBallotOrder(polls).map((p) => p.id)).toEqual(['z', 'f', 'a', 'b', 'c']);
  });

  it('links a ballot by its id, escaped', () => {
    expect(ballotPath('dfca-2025 & more')).toBe('/poll?id=dfca-2025+%26+more');
  });
});

describe('option order and answers of a resumed ballot', () => {
  const reverse = (o: readonly string[]) => [...o].reverse();
  it('keeps a saved order that still lists exactly the poll’s options; otherwise shuffles the non-blank ones afresh', () => {
    expect(optionOrder(q, { q1: ['B', 'A'] }, reverse)).toEqual({ q1: ['B', 'A'] });
    expect(optionOrder(q, undefined, reverse)).toEqual({ q1: ['B', 'A'] });
    expect(optionOrder(q, { q1: ['A', 'C'] }, (o) => [...o])).toEqual({ q1: ['A', 'B'] }); // C is not an option
    expect(optionOrder(q, { q1: ['A'] }, (o) => [...o])).toEqual({ q1: ['A', 'B'] }); // an option missing
  });

  it('drops answers to other questions or to options the poll no longer has', () => {
    expect(validAnswers(q, { q1: 'B', q2: 'A' })).toEqual({ q1: 'B' });
    expect(validAnswers(q, { q1: 'write-in' })).toEqual({});
  });
});

describe('a vote the prerendered ballot stored, told to the app on the same page', () => {
  it('is found by its poll and announced as it happens; nothing is written to localStorage', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    const target = new EventTarget();
    const g = globalThis as { dispatchEvent?: ((e: Event) => boolean) | undefined };
    const before = g.dispatchEvent;
    g.dispatchEvent = (e) => target.dispatchEvent(e);
    target.addEventListener(BALLOT_CAST_EVENT, listener);
    try {
      const vote = { docId: 'p1_x', pollId: 'p1', responseId: 'r', answers: { q1: 'A' }, timestamp: '2026-04-06T19:00:00.000Z', user: 'a@b.co' };
      expect(castBeforeApp('p1')).toBeUndefined();
      noteCastBeforeApp(vote);
      expect(castBeforeApp('p1')).toEqual(vote);
      expect(castBeforeApp('p2')).toBeUndefined();
      expect(seen).toEqual([vote]);
    } finally {
      g.dispatchEvent = before;
    }
  });
});

describe('the thank-you says where the vote is', () => {
  it('sent, refused for good, removed, on its way, or waiting for the connection', () => {
    expect(voteStatus({ sentAt: 1 }, undefined, true).kind).toBe('sent');
    const refused = voteStatus({}, { state: 'failed', lastError: 'The server refused this vote: a different vote with this e-mail is already recorded for this poll.' }, true);
    expect(refused.kind).toBe('refused');
    expect(refused.text).toContain('already recorded');
    expect(refused.text).not.toMatch(/will be sent/);
    expect(voteStatus({}, undefined, true).kind).toBe('discarded');
    expect(voteStatus({}, { state: 'sending', lastError: null }, true)).toEqual({ kind: 'sending', text: 'Sending your vote…' });
    expect(voteStatus({}, { state: 'queued', lastError: null }, false).text).toBe('Your vote is saved on this device and will be sent automatically when the connection returns.');
    expect(voteStatus(undefined, undefined, false).kind).toBe('waiting'); // the first instant, before IndexedDB answered
  });
});

describe('the voting window, on the server\'s clock (issue #31)', () => {
  const at = Date.UTC(2027, 3, 6, 23, 0); // 7 PM in Detroit on 6 April
  const hour = 3_600_000;
  it('scheduled before opensAt, open in between, closed from closesAt — as firestore.rules judges it', () => {
    const poll = { opensAt: at, closesAt: at + 2 * hour };
    expect(votingState(poll, at - 1)).toEqual({ state: 'scheduled', opensAt: at });
    expect(votingState(poll, at)).toEqual({ state: 'open' });
    expect(votingState(poll, at + 2 * hour - 1)).toEqual({ state: 'open' });
    expect(votingState(poll, at + 2 * hour)).toEqual({ state: 'closed', closedAt: at + 2 * hour });
  });
  it('open: false with no close time is closed; no window at all is open', () => {
    expect(votingState({ open: false }, at)).toEqual({ state: 'closed' });
    expect(votingState({}, at)).toEqual({ state: 'open' });
    expect(isOpen({ open: false, closesAt: at + hour }, at)).toBe(true); // a close time decides
  });
  it('judged on the server\'s clock as this device learned it, not the device\'s own', () => {
    const poll = { opensAt: Date.now() + hour };
    const host = globalThis as { localStorage?: Storage | undefined };
    const before = host.localStorage;
    host.localStorage = store({ 'ts:server-clock-offset': String(2 * hour) }); // this device is two hours slow
    try {
      expect(votingState(poll).state).toBe('open');
    } finally {
      host.localStorage = before;
    }
    expect(votingState(poll).state).toBe('scheduled');
  });
  it('reads the window from a polls document (timestamps as milliseconds), and ignores a malformed one', () => {
    const [p] = validAwardPolls([{ id: 'p', title: 'T', questions: [{ id: 'q', question: 'Q', options: ['a'] }], opensAt: at, closesAt: 'soon' }]);
    expect(p).toMatchObject({ opensAt: at });
    expect(p).not.toHaveProperty('closesAt');
  });
});

describe('mayCastAnother: does a voted ballot open on the e-mail step (another ballot) or on what was voted (issue #54)', () => {
  it('open polls: as many ballots a phone as deviceLimit (default 1), refused votes not counted — for every mix', () => {
    fc.assert(fc.property(
      fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      fc.array(fc.boolean(), { maxLength: 8 }),
      (deviceLimit, refused) => {
        const cast = refused.map((r) => ({ refused: r }));
        const counted = refused.filter((r) => !r).length;
        expect(mayCastAnother({ deviceLimit }, cast, null)).toBe(counted < (deviceLimit ?? 1));
      },
    ));
  });

  it('ticketed polls: another ballot unless the code held is one this phone already voted with (and was not refused)', () => {
    const cast = [{ code: 'AAA', refused: false }, { code: 'BBB', refused: true }];
    const ticketed = { voting: 'ticketed' as const, deviceLimit: 1 };
    expect(mayCastAnother(ticketed, cast, 'AAA')).toBe(false);
    expect(mayCastAnother(ticketed, cast, 'BBB')).toBe(true); // refused: that ticket has not voted
    expect(mayCastAnother(ticketed, cast, 'CCC')).toBe(true); // a new ticket, whatever the phone's count
    expect(mayCastAnother(ticketed, cast, null)).toBe(true); // no code yet: the e-mail step asks for one
  });
});
