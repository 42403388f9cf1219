// The event's own words in Spanish and Arabic (issue #57): every text of the demo content has them, a story keeps
// its translations from its document, and a screen falls back to the English, marked, where one is missing.
import { describe, expect, it } from 'vitest';
import es from '../../../src/features/awards/localContent/es.json';
import ar from '../../../src/features/awards/localContent/ar.json';
import { parseEventTexts, personTexts, shown } from '../../../src/features/awards/localContent';
import { BUNDLED_STORIES, parseStories } from '../../../src/features/awards/orgInfo';
import { FOUNDER, HOSTS, resolveIcon } from '../../../src/features/awards/people';
import { HONOREES_INTRO, MISSION, VISION } from '../../../src/features/awards/content';

const numbers = (s: string) => (s.match(/\d+/g) ?? []).sort();

describe('the event texts in Spanish and Arabic', () => {
  for (const [lang, file] of [['es', es], ['ar', ar]] as const) {
    it(`${lang}: the mission, the vision, the introduction, the founder's and every host's story — the same numbers`, () => {
      const texts = parseEventTexts(file);
      for (const [en, local] of [[MISSION, texts.mission], [VISION, texts.vision], [HONOREES_INTRO, texts.honoreesIntro]] as const) {
        expect(local).toBeTruthy();
        expect(numbers(local!)).toEqual(numbers(en));
      }
      for (const person of [FOUNDER, ...HOSTS]) {
        const local = texts.people[person.id];
        expect(local?.bio, person.id).toBeTruthy();
        if (person.summary) expect(local?.summary, person.id).toBeTruthy();
        // Demo people say they are invented, in every language.
        expect(local!.bio!.length).toBeGreaterThan(person.bio.length / 3);
      }
    });
  }

  it('a missing or malformed file gives nothing to show but the English (never a crash)', () => {
    expect(parseEventTexts(null)).toEqual({ people: {} });
    expect(parseEventTexts({ mission: 7, people: { h1: { bio: '' } } })).toEqual({ people: { h1: {} } });
    expect(shown(MISSION, undefined, 'es')).toEqual({ text: MISSION, en: true });
    expect(shown(MISSION, 'Misión', 'es')).toEqual({ text: 'Misión', en: false });
    expect(shown(MISSION, undefined, null)).toEqual({ text: MISSION, en: false }); // English is not marked
  });
});

describe('an honoree story in three languages', () => {
  it('every bundled demo story has its Spanish and Arabic, with its award line', () => {
    for (const s of BUNDLED_STORIES) {
      for (const lang of ['es', 'ar'] as const) {
        expect(s.i18n?.[lang]?.bio, `${s.id} ${lang}`).toBeTruthy();
        if (s.award) expect(s.i18n?.[lang]?.award, `${s.id} ${lang}`).toBeTruthy();
      }
    }
  });

  it('a document\'s translations are read with the story; a language without its story is left out', () => {
    const [story] = parseStories({ stories: [{ id: 'x', name: 'X', bio: 'English.', award: 'Maker', i18n: { es: { bio: 'Español.', award: 'Creadora' }, ar: { award: 'صانعة' }, fr: { bio: 'Français.' } } }] });
    expect(story?.i18n).toEqual({ es: { bio: 'Español.', award: 'Creadora' } });
    const person = resolveIcon('x', [story!])!;
    expect(personTexts(person, 'es', undefined, story)).toEqual({ bio: { text: 'Español.', en: false }, award: { text: 'Creadora', en: false } });
    expect(personTexts(person, 'ar', undefined, story)).toEqual({ bio: { text: 'English.', en: true }, award: { text: 'Maker', en: true } });
    expect(personTexts(person, null, undefined, story)).toEqual({ bio: { text: 'English.', en: false }, award: { text: 'Maker', en: false } });
  });
});
