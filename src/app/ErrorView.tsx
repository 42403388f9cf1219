import type { ReactElement } from 'react';
import { useT } from './t';

function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|error loading dynamically/i.test(msg);
}

/** Shown instead of a blank screen when a screen's code could not load or threw while rendering. */
export function ErrorView({ error }: { error: unknown }): ReactElement {
  const t = useT();
  const chunk = isChunkLoadError(error);
  return (
    <section className="error-view" role="alert">
      <h1>{chunk ? t('app.error.chunkTitle') : t('app.error.title')}</h1>
      <p>
        {chunk ? t('app.error.chunkBody') : t('app.error.body')}
      </p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>{t('app.reload')}</button>
    </section>
  );
}
