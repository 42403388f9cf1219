import { lazy, type ComponentType, type ReactElement } from 'react';

export type PreloadableScreen = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * Route-level code splitting without a suspended first render. TanStack Router calls
 * `component.preload()` while it loads a match, so by the time the screen renders its module is
 * already here and it renders at once (a React.lazy that suspends would be held back by React's
 * ~300 ms Suspense reveal throttle — measured in docs/benchmarks.md). A failed import rejects the
 * preload, the match errors, and the route's error component (ErrorView) offers Reload — never a
 * blank screen and never an automatic reload.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K): PreloadableScreen {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (mod) => {
        Loaded = mod[name] as ComponentType;
      },
      (err: unknown) => {
        pending = null; // let the next attempt (Reload, or a later navigation) try the network again
        throw err;
      },
    ));
  // Fallback for a render that happens before the router's preload finished.
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  const Screen = (): ReactElement => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Screen, { preload });
}
