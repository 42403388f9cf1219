import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * Route-level code splitting. A failed import rejects, React throws it during render and the route's
 * error component (ErrorView) shows "Reload" — never a blank screen and never an automatic reload.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): () => ReactElement {
  const Lazy = lazy(async () => {
    const mod = await load();
    return { default: mod[name] as ComponentType };
  });
  return function Screen(): ReactElement {
    return <Lazy />;
  };
}
