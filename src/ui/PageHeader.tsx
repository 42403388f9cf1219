import { useRouter } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import { BackIcon } from './icons';
import { useT } from './t';

/**
 * A 55 px back bar: the arrow goes one step back in history (`fallbackTo` when there is none).
 * A blank title (the web viewer's, per spec) keeps a hidden `srTitle` so the page still has a name.
 */
export function PageHeader({ title, srTitle, fallbackTo = '/', children }: { title: string; srTitle?: string; fallbackTo?: string; children?: ReactNode }): ReactElement {
  const t = useT();
  const router = useRouter();
  const back = () => {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: fallbackTo });
  };
  return (
    <header className="page-header">
      <button type="button" className="icon-btn" onClick={back} aria-label={t('ui.back')}>
        <BackIcon />
      </button>
      <h1 className="page-header-title">{title || (srTitle ? <span className="visually-hidden">{srTitle}</span> : null)}</h1>
      {children}
    </header>
  );
}
