import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { BackIcon } from './icons';
import { useT } from './t';

/**
 * A 55 px back bar: the arrow goes one step back in history (`fallbackTo` when there is none); before the app
 * has arrived it is a plain link to `fallbackTo`.
 * A blank title (the web viewer's, per spec) keeps a hidden `srTitle` so the page still has a name.
 */
export function PageHeader({ title, srTitle, fallbackTo = '/', children }: { title: string; srTitle?: string; fallbackTo?: string; children?: ReactNode }): ReactElement {
  const t = useT();
  const router = useRouter();
  // A link to `fallbackTo`, so the arrow works on a prerendered page before the app has arrived (issue #33);
  // the app turns the tap into one step back in history when there is one.
  const back = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: fallbackTo });
  };
  return (
    <header className="page-header">
      <a href={fallbackTo} className="icon-btn" onClick={back} aria-label={t('ui.back')}>
        <BackIcon />
      </a>
      <h1 className="page-header-title">{title || (srTitle ? <span className="visually-hidden">{srTitle}</span> : null)}</h1>
      {children}
    </header>
  );
}
