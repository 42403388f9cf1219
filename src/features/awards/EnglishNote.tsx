import type { ReactElement } from 'react';
import { useLocale } from '../../lib/i18n';
import { useT } from './t';

/**
 * Content that stays English in every language (a biography, an honoree's story, the organisation's own words) is
 * shown with lang="en" dir="ltr"; in another language this short note comes before it, so nobody wonders why.
 */
export function EnglishNote({ bio = false }: { bio?: boolean }): ReactElement | null {
  const t = useT();
  const locale = useLocale();
  if (locale === 'en') return null;
  return <p className="english-note">{t(bio ? 'awards.note.bio' : 'awards.note.text')}</p>;
}
