// Sources are shown by who published them, and the notes a visitor reads are plain words.
import { describe, expect, it } from 'vitest';
import executive from '../../../src/data/packs/executive.json';
import cabinet from '../../../src/data/packs/cabinet.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import court from '../../../src/data/packs/court.json';
import { hasPublisher, publisherOf } from '../../../src/features/civic/publishers';

const entries: readonly { id: string; source: string; note?: string }[] = [
  ...executive.entries, ...cabinet.entries, ...governors.entries, ...michigan.entries, ...court.entries,
];

describe('sources and notes as a visitor reads them', () => {
  it('names the publisher, not the host', () => {
    expect(publisherOf('https://github.com/openstates/people/blob/main/data/tx/executive/Greg-Abbott.yml')).toBe('Open States');
    expect(publisherOf('https://www.npr.org/2026/08/08/g-s1-137631/senate-confirms-todd-blanche-attorney-general')).toBe('NPR');
    expect(publisherOf('https://ballotpedia.org/Michigan_Supreme_Court_elections,_2026')).toBe('Ballotpedia');
    // GitHub is not a publisher: another repository would show its host, not "Open States".
    expect(publisherOf('https://github.com/someone/else')).toBe('github.com');
    expect(publisherOf('https://unknown.example.org/x')).toBe('unknown.example.org');
  });

  it('every source in the packs has a known publisher', () => {
    const missing = [...entries.map((e) => e.source), ...court.elections.map((e) => e.source)].filter((u) => !hasPublisher(u));
    expect(missing).toEqual([]);
  });

  it('no note a visitor sees uses the team’s jargon (data snapshots, statute numbers, "the audit")', () => {
    const jargon = /openstates|snapshot|\bMCL\b|U\.S\.C\.|§|audit|per the team/i;
    const notes = [...entries.filter((e) => e.note !== undefined).map((e) => `${e.id}: ${e.note!}`), ...court.elections.map((e) => `${e.year}: ${e.note}`)];
    expect(notes.filter((n) => jargon.test(n))).toEqual([]);
  });
});
