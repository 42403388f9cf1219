import { Workbox } from 'workbox-window';
import { create } from 'zustand';

interface UpdateState {
  waiting: boolean;
  apply: (() => void) | null;
}

/** Whether a new version is waiting; the UpdatePrompt reads it. */
export const useUpdateState = create<UpdateState>(() => ({ waiting: false, apply: null }));

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const apply = () => {
    // Reload only after the new worker has taken control — and only because the user asked.
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  wb.addEventListener('waiting', () => useUpdateState.setState({ waiting: true, apply }));
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
  // Check for a new deploy whenever the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
}
