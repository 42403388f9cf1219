// Loaded at idle by main.tsx, so workbox-window stays out of the entry chunk.
import { Workbox } from 'workbox-window';
import { useUpdateState } from './updateState';
import { currentLocale } from '../lib/i18n';

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
  // The worker picks the pages it serves by language; a first visit in the browser's language has told it nothing.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'LOCALE', locale: currentLocale() }));
  // Check for a new deploy whenever the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
}
