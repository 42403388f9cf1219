import type { ReactElement } from 'react';

function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|error loading dynamically/i.test(msg);
}

/** Shown instead of a blank screen when a screen's code could not load or threw while rendering. */
export function ErrorView({ error }: { error: unknown }): ReactElement {
  const chunk = isChunkLoadError(error);
  return (
    <section className="error-view" role="alert">
      <h1>{chunk ? 'This screen couldn’t load' : 'Something went wrong'}</h1>
      <p>
        {chunk
          ? 'The connection dropped or the app was updated while loading. Your saved votes and drafts are safe.'
          : 'This screen hit an unexpected problem. Your saved votes and drafts are safe.'}
      </p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>Reload</button>
    </section>
  );
}
