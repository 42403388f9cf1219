import { describe, expect, it } from 'vitest';
import { compareTitles } from '../../../src/lib/textOrder';

const sorted = (titles: string[]) => [...titles].sort(compareTitles);

describe('compareTitles (alphabetical without Intl.Collator)', () => {
  it('orders as a reader expects: case and accents do not move a title', () => {
    expect(sorted(['zapato', 'Ácido', 'best Model', 'Best Designer', 'émigré', 'Eagle'])).toEqual(['Ácido', 'Best Designer', 'best Model', 'Eagle', 'émigré', 'zapato']);
  });

  it('agrees with the collator on plain titles in English, Spanish and Arabic', () => {
    const titles = ['Model of the Year', 'Hair Stylist', 'designer', 'Photographer', 'Mejor diseñador', 'Maquillaje', 'أفضل مصمم', 'عارضة العام'];
    expect(sorted(titles)).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('is a total order: equal only for the same text, the same answer both ways round', () => {
    expect(compareTitles('Best', 'Best')).toBe(0);
    expect(compareTitles('Best', 'best')).not.toBe(0);
    expect(compareTitles('Best', 'best')).toBe(-compareTitles('best', 'Best'));
    expect(sorted(['best', 'Best', 'bést'])).toEqual(sorted(['bést', 'best', 'Best']));
  });
});
