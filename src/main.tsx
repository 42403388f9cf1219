import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router';
import { initVisitorId } from './app/visitor';
import { registerServiceWorker } from './app/swRegistration';
import { startSync } from './sync';
import './app/styles.css';

initVisitorId();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// Off the critical path: the first paint never waits for the worker or the outbox.
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
idle(() => {
  registerServiceWorker();
  startSync();
});
