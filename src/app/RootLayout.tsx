import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useRef, type ReactElement } from 'react';
import { BottomNav } from './BottomNav';
import { slideDirection } from './navRules';
import { SyncBadge } from './SyncBadge';
import { useUpdateState } from './updateState';
import { useT } from './t';

// Rare (a new deploy while the app is open): its code and words load only then, not with every first visit.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

function Spinner(): ReactElement {
  const t = useT();
  return <div className="spinner" role="progressbar" aria-label={t('app.loading')} />;
}

export function RootLayout(): ReactElement {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const t = useT();
  const updateWaiting = useUpdateState((s) => s.waiting);
  const previous = useRef<string | null>(null);
  const direction = useRef<'forward' | 'backward' | 'initial'>('initial');
  if (previous.current !== pathname) {
    // The first screen of a visit appears at once: a transition only makes sense between screens.
    direction.current = previous.current === null ? 'initial' : slideDirection(previous.current, pathname);
    previous.current = pathname;
  }
  return (
    <div className="app">
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <SyncBadge />
      <main id="main" className="app-main" tabIndex={-1}>
        <div key={pathname} className={`page page-${direction.current}`}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <BottomNav />
      {updateWaiting ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </div>
  );
}

