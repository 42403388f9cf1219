import { describe, expect, it } from 'vitest';
// @ts-expect-error — plain ESM script shared with `node scripts/i18n-check.mjs`
import { checkCatalogs } from '../../../scripts/i18n-check.mjs';

type Check = (o?: { catalogs?: object; sources?: string[] }) => { problems: string[]; sizes: Record<string, number> };
const check = checkCatalogs as Check;

describe('message catalogs', () => {
  it('every language has English’s ids, placeholders and plural forms, every id is used, each language fits 12 kB gz (its organisers\' and assistant\'s chunks apart)', () => {
    const { problems, sizes } = check();
    expect(problems).toEqual([]);
    expect(Object.keys(sizes).sort()).toEqual(['ar', 'ar/assistant', 'ar/organiser', 'es', 'es/assistant', 'es/organiser']);
  });

  // The check itself, on catalogs made to fail it: a check that cannot fail would pass the real ones too.
  it('reports a missing id, an extra id, a changed placeholder, an Arabic plural short of forms and an unused id', () => {
    const catalogs = {
      en: { x: { 'x.a': 'Hello {name}', 'x.b': '{n, plural, one {# vote} other {# votes}}', 'x.c': 'Unused' } },
      es: { x: { 'x.a': 'Hola {nombre}', 'x.b': '{n, plural, one {# voto} other {# votos}}', 'x.c': 'Sin uso', 'x.d': 'Extra' } },
      ar: { x: { 'x.a': 'مرحبًا {name}', 'x.b': '{n, plural, one {صوت واحد} other {# صوت}}' } },
    };
    const { problems } = check({ catalogs, sources: [`t('x.a'); t("x.b")`] });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/es\/x\.json: "x\.a" has placeholders \{nombre\}, English has \{name\}/),
        expect.stringMatching(/es\/x\.json: "x\.d" is not in English/),
        expect.stringMatching(/ar\/x\.json: missing "x\.c"/),
        expect.stringMatching(/ar\/x\.json: "x\.b" plural lacks few, many, two, zero/),
        expect.stringMatching(/en\/x\.json: "x\.c" is not used in src/),
      ]),
    );
    expect(problems).toHaveLength(5);
  });
});
