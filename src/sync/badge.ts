// The home-screen icon's badge (issue #33): the number of items waiting to send, so an installed app tells the
// truth from the home screen. Set by the page whenever the outbox changes (watchAppBadge, started with the
// flusher) and by the service worker after its own flush (worker.ts), both from outboxCounts — the same numbers
// as the "N waiting to send" strip.
//
// Which number: waiting (queued + being sent), not the refused ones. The badge says "this will still go out";
// a refused item never goes out on its own, so counting it would leave a number on the icon that no connection
// clears. The app's strip shows refused items in red, and the Waiting to send screen says what to do with them.
import { liveQuery } from '../db';
import { outboxCounts } from './counts';

/** The Badging API (Chromium on installed apps, Safari on home-screen apps); absent elsewhere. */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `count` on the icon, or clears it at 0. Does nothing where there is no Badging API; never throws. */
export async function showOnBadge(count: number, nav: BadgeNavigator = globalThis.navigator as BadgeNavigator): Promise<void> {
  try {
    if (count > 0) await nav?.setAppBadge?.(count);
    else await nav?.clearAppBadge?.();
  } catch {
    // Not allowed here (an uninstalled page in some browsers rejects): the strip in the app still says it.
  }
}

/** The page's part: the badge follows the outbox for the page's life (once; started by sync/engine.ts). */
export function watchAppBadge(): void {
  let last: number | null = null;
  liveQuery(() => outboxCounts()).subscribe({
    next: ({ waiting }) => {
      if (waiting === last) return;
      last = waiting;
      void showOnBadge(waiting);
    },
    error: () => undefined,
  });
}
