// Titles in Spanish and Arabic agree with the person's grammatical gender (the packs' `gender`): Kay Ivey is
// "Gobernadora de Alabama", not "Gobernador". Runs the real catalogs through the real label functions.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import executive from '../../../src/data/packs/executive.json';
import cabinet from '../../../src/data/packs/cabinet.json';
import governors from '../../../src/data/packs/governors.json';
import michigan from '../../../src/data/packs/michigan.json';
import court from '../../../src/data/packs/court.json';
import { i18n } from '../../../src/lib/i18n';
import { rowsForPack } from '../../../src/data/loader';
import { roleShown } from '../../../src/features/civic/civicData';
import { executiveSummary, localSearchTerms, officeName } from '../../../src/features/civic/labels';
import {
  CabinetPackSchema, CourtPackSchema, ExecutivePackSchema, GovernorsPackSchema, MichiganPackSchema,
} from '../../../src/data/schemas';
import * as v from 'valibot';

const catalog = (lang: 'es' | 'ar') => {
  const raw = JSON.parse(readFileSync(new URL(`../../../src/locales/${lang}/civic.json`, import.meta.url), 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(raw).map(([id, message]) => [id, compileMessage(message)]));
};

beforeAll(() => {
  i18n.load('es', catalog('es'));
  i18n.load('ar', catalog('ar'));
});
afterEach(() => i18n.activate('en'));

const rows = [
  ...rowsForPack(v.parse(ExecutivePackSchema, executive)),
  ...rowsForPack(v.parse(CabinetPackSchema, cabinet)),
  ...rowsForPack(v.parse(GovernorsPackSchema, governors)),
  ...rowsForPack(v.parse(MichiganPackSchema, michigan)),
  ...rowsForPack(v.parse(CourtPackSchema, court)),
];
const row = (name: string, kind?: string) => rows.find((r) => r.name === name && (kind === undefined || r.kind === kind))!;

describe('gendered titles', () => {
  it('every person in every pack has a grammatical gender', () => {
    for (const r of rows) expect(['female', 'male', 'unknown'], r.id).toContain(r.entry.gender);
    // Only where no source says: Jody White (2026 court nominee).
    expect(rows.filter((r) => r.entry.gender === 'unknown').map((r) => r.name)).toEqual(['Jody White']);
    expect(row('Kay Ivey', 'governor').entry.gender).toBe('female');
    expect(row('Greg Abbott').entry.gender).toBe('male');
  });

  it('Spanish: Gobernadora de Alabama, Secretaria de Agricultura, Jefa de Gabinete; the men as before', () => {
    i18n.activate('es');
    expect(roleShown(row('Kay Ivey', 'governor')).text).toBe('Gobernadora de Alabama');
    expect(roleShown(row('Greg Abbott')).text).toBe('Gobernador de Texas');
    expect(roleShown(row('Brooke Rollins')).text).toBe('Secretaria de Agricultura');
    expect(roleShown(row('Susie Wiles')).text).toBe('Jefa de Gabinete de la Casa Blanca');
    expect(roleShown(row('Marco Rubio')).text).toBe('Secretario de Estado');
    expect(roleShown(row('Gretchen Whitmer', 'michigan')).text).toBe('Gobernadora de Michigan');
    expect(roleShown(row('Jocelyn Benson')).text).toBe('Secretaria de Estado de Michigan');
    expect(roleShown(row('Garlin Gilchrist II')).text).toBe('Vicegobernador de Michigan');
    // The executive profile of Alabama's governor shows the same title.
    const profile = row('Kay Ivey', 'executive');
    expect(officeName(profile.kind === 'executive' ? profile.entry.title : '', 'female').text).toBe('Gobernadora de Alabama');
  });

  it('Arabic: حاكمة for a woman governor, وزيرة for a woman secretary, المدعية العامة', () => {
    i18n.activate('ar');
    expect(roleShown(row('Kay Ivey', 'governor')).text).toBe('حاكمة ألاباما');
    expect(roleShown(row('Greg Abbott')).text).toBe('حاكم تكساس');
    expect(roleShown(row('Linda McMahon')).text).toBe('وزيرة التعليم');
    expect(roleShown(row('Dana Nessel')).text).toBe('المدعية العامة لميشيغان');
    expect(roleShown(row('Todd Blanche')).text).toBe('المدعي العام');
  });

  it('every woman governor is Gobernadora / حاكمة, every man Gobernador / حاكم', () => {
    const govs = rows.filter((r) => r.kind === 'governor');
    for (const [lang, female, male] of [['es', 'Gobernadora ', 'Gobernador '], ['ar', 'حاكمة ', 'حاكم ']] as const) {
      i18n.activate(lang);
      for (const g of govs) {
        const title = roleShown(g).text;
        expect(title.startsWith(g.entry.gender === 'female' ? female : male), `${lang} ${g.name}: ${title}`).toBe(true);
      }
    }
  });

  it('search in Spanish finds a woman governor by both forms of the title', () => {
    i18n.activate('es');
    expect(localSearchTerms('Governor of Alabama', ['Alabama'], 'female')).toContain('Gobernadora de Alabama');
    expect(localSearchTerms('Governor of Alabama', ['Alabama'], 'female')).toContain('Gobernador de Alabama');
    expect(localSearchTerms('Governor of Texas', ['Texas'], 'male')).not.toContain('Gobernadora');
  });
});

describe('an executive profile\'s summary line in the visitor\'s language (issue #57)', () => {
  afterEach(() => i18n.activate('en'));
  it('every executive summary of the pack is said in Spanish and Arabic, with its party and dates; English as the pack writes it', () => {
    for (const e of executive.entries) {
      expect(executiveSummary(e.smallDesc)).toEqual({ text: e.smallDesc, en: false });
      i18n.activate('es');
      const es = executiveSummary(e.smallDesc);
      expect(es.en, e.id).toBe(false);
      expect(es.text, e.id).toMatch(/^Partido Republicano\. En el cargo desde el \d{1,2} de [a-z]+ de \d{4}\. Fin del mandato: /);
      i18n.activate('ar');
      const ar = executiveSummary(e.smallDesc);
      expect(ar.en, e.id).toBe(false);
      expect(ar.text, e.id).toMatch(/^الحزب الجمهوري\. في المنصب منذ /);
      i18n.activate('en');
    }
  });

  it('a line in another shape stays English, marked so', () => {
    i18n.activate('es');
    expect(executiveSummary('Served two terms as mayor.')).toEqual({ text: 'Served two terms as mayor.', en: true });
    expect(executiveSummary('Whig. In office since January 20, 2025; term ends January 20, 2029.')).toEqual({ text: 'Whig. In office since January 20, 2025; term ends January 20, 2029.', en: true });
  });
});
