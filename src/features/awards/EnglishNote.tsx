import type { ReactElement } from 'react';
import { useLocale } from '../../lib/i18n';
import type { LocalShown } from './localContent';
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

/**
 * One paragraph of the event's own words (issue #57): in the visitor's language where translated; else the English,
 * marked lang="en" and announced by the note. Nothing until this language's texts are known (no flash of English).
 */
export function LocalParagraph({ value, ready, bio = false, className }: { value: LocalShown; ready: boolean; bio?: boolean; className?: string }): ReactElement | null {
  if (!ready) return null;
  return (
    <>
      {value.en ? <EnglishNote bio={bio} /> : null}
      <p className={className} {...(value.en ? { lang: 'en', dir: 'ltr' } : {})}>{value.text}</p>
    </>
  );
}
