import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useT } from '../ui/t';

export function NotFound(): ReactElement {
  const t = useT();
  return (
    <section className="error-view">
      <h1>{t('ui.notFound.title')}</h1>
      <p>{t('ui.notFound.body')}</p>
      <Link className="btn" to="/">{t('ui.notFound.home')}</Link>
    </section>
  );
}
