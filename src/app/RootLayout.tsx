import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useRef, type ReactElement } from 'react';
import { BottomNav } from './BottomNav';
import { slideDirection } from './navRules';
import { useUpdateState } from './updateState';
import { useT } from './t';

// Rare (a new deploy while the app is open): its code and words load only then, not with every first visit.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
// Shows something only while writes wait to be sent, so its code (and the outbox's live count) need not hold
// back the first screen: ~0.4 kB gz out of the entry chunk (issue #33's budget). The live region it speaks
// through stays here, so it exists before the first text appears in it (a region added with its text is not
// announced).
const SyncBadge = lazy(() => import('./SyncBadge').then((m) => ({ default: m.SyncBadge })));

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
  // The organisers' console is made for a laptop too (issue #53): at ≥ 1024 px its stylesheet drops the attendees'
  // tab bar, which it finds by this class.
  return (
    <div className={pathname === '/organiser' ? 'app app-console' : 'app'}>
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <div className="sync-badge-slot" role="status" aria-live="polite">
        <Suspense fallback={null}>
          <SyncBadge />
        </Suspense>
      </div>
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

