// When has the page's own HTML been painted? src/boot.ts starts the app only after the prerendered
// screen is on the glass (it says why). Kept small: it is part of every prerendered page's first load.

/** Never more than this: a browser that reports no paint, or skips one, must not be left without its app. */
export const PAINT_WAIT_MAX_MS = 1000;

/** Resolves in a fresh task after the first contentful paint, or after PAINT_WAIT_MAX_MS at the latest. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // Out of the observer's callback: what runs next (the app's evaluation) is a long task of its own.
    const finish = (): void => {
      observer?.disconnect();
      setTimeout(resolve, 0);
    };
    // A page opened in the background does not paint until it is shown; an engine without paint timing
    // cannot say when it painted. Neither has anything to wait for.
    const observer =
      document.visibilityState !== 'hidden' &&
      typeof PerformanceObserver === 'function' &&
      // undefined before Safari 12.1 / Chrome 73, whatever the types say
      (PerformanceObserver.supportedEntryTypes as readonly string[] | undefined)?.includes('paint')
        ? new PerformanceObserver((list) => {
            if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) finish();
          })
        : null;
    if (!observer) return finish();
    // buffered: the paint may have happened before this script ran.
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(finish, PAINT_WAIT_MAX_MS);
  });
}
