import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AWARD_CARD_TEXT } from '../../../src/features/polls/awardModel';
import { POLL_CARD_TEXT } from '../../../src/features/polls/listModel';
import { t } from '../../../src/features/polls/t';

// The /vote preview draws the English page before the app arrives and keeps its own English constants, free of
// the language runtime; the app shows the catalog's messages. The app takes over from the preview without a
// change a visitor could see only if the two say the same. (The award ballot's island has no words of its own:
// it uses the app's components as the build rendered them, tests/unit/polls/ballotParts.test.ts.)
const english = JSON.parse(readFileSync('src/locales/en/polls.json', 'utf8')) as Record<string, string>;
const catalogTexts = new Set(Object.values(english));

describe('the pre-React scripts’ English and the catalog', () => {
  for (const [name, table] of Object.entries({ AWARD_CARD_TEXT, POLL_CARD_TEXT })) {
    it(`every fixed text of ${name} is a message of en/polls.json, word for word`, () => {
      // The awards' name is a name in every language: the list shows AWARD_CARD_TEXT.heading itself.
      const fixed = Object.entries(table).filter((e): e is [string, string] => typeof e[1] === 'string' && !(table === AWARD_CARD_TEXT && e[0] === 'heading'));
      expect(fixed.length).toBeGreaterThan(3);
      expect(fixed.filter(([, text]) => !catalogTexts.has(text))).toEqual([]);
    });
  }

  it('texts with values agree too', () => {
    expect(t('polls.award.voteLabel', { title: 'Fashion' })).toBe(AWARD_CARD_TEXT.voteLabel('Fashion'));
    expect(t('polls.all.viewLabel', { title: 'Fashion' })).toBe(POLL_CARD_TEXT.viewLabel('Fashion'));
  });
});
