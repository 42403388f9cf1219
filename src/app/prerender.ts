// The page may arrive with the screen already in it (scripts/prerender.mjs writes each content screen's HTML;
// the service worker stitches official profiles in). React renders into the hidden #root meanwhile, and the
// two are swapped in one step once React's tree shows at least as much — so nothing flashes: not an empty
// page, not a spinner over content that was already there.

/**
 * Prerendered pages inline only the CSS their screen uses; the app stylesheet comes as a `media="print"` link
 * (loaded without blocking the paint). Switch it on, and resolve once it is there, so React never shows a
 * screen the inline rules do not cover. Resolves at once on pages without one (app.html), and after 3 s at most.
 */
export function fullStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-full-css]')];
  return Promise.race([
    Promise.all(
      links.map(
        (link) =>
          new Promise<void>((resolve) => {
            link.media = 'all';
            if (link.sheet) resolve();
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
      ),
    ).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, TAKEOVER_LIMIT_MS)),
  ]);
}

/** Longest the prerendered copy stays after React has a screen (a slow IndexedDB on an old phone). */
export const TAKEOVER_LIMIT_MS = 3000;

/** How long React's screen must stay unchanged to be taken as final when it differs from the prerendered one. */
const SETTLE_MS = 120;

const BUSY = '[role="progressbar"]';

const textSize = (el: Element | null): number => (el?.textContent ?? '').replace(/\s+/g, '').length;

/**
 * Call before the first React render: hides #root until its screen can replace the prerendered copy.
 * Returns whether a prerendered screen is showing.
 */
export function prepareTakeover(root: HTMLElement, doc: Document = document): boolean {
  const shell = doc.getElementById('prerender');
  if (!shell) return false;
  const hasContent = shell.querySelector('main') !== null;
  if (!hasContent || shell.dataset['path'] !== doc.location.pathname) {
    // Nothing prerendered here, or HTML written for another path (a server that falls back to the landing):
    // never show one screen's content under another's address.
    shell.remove();
    return false;
  }
  root.hidden = true;
  let done = false;
  const reveal = (): void => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(limit);
    clearTimeout(quiet);
    shell.remove();
    root.hidden = false;
  };
  // Ready when React's screen says at least as much as the prerendered one (the civic hub first shows its
  // sections, then the tiles and counts from IndexedDB: swapping at the first of those would shift the layout),
  // or when it has settled on something else — a visitor's own state the build could not know (a remembered
  // award category) is shown after a short quiet spell rather than after the time limit.
  // Both read afresh at every check: a script of the page (the /vote polls preview) may fill the prerendered
  // loading state in while React is still on its way.
  const complete = (): 'yes' | 'settling' | 'no' => {
    const main = root.querySelector('main');
    const page = main?.querySelector('.page');
    if (!main || !page || page.childElementCount === 0) return 'no';
    // A prerendered loading state has nothing React could lose: swap at its first screen.
    if (shell.querySelector(BUSY) !== null) return 'yes';
    if (main.querySelector(BUSY) !== null) return 'no';
    return textSize(main) >= textSize(shell.querySelector('main')) * 0.95 ? 'yes' : 'settling';
  };
  let quiet: ReturnType<typeof setTimeout> | undefined;
  // Called in the same task as React's commit (before the browser paints), so the swap is a single frame.
  const observer = new MutationObserver(() => {
    clearTimeout(quiet);
    const state = complete();
    if (state === 'yes') reveal();
    else if (state === 'settling') quiet = setTimeout(() => complete() !== 'no' && reveal(), SETTLE_MS);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['role'] });
  const limit = setTimeout(reveal, TAKEOVER_LIMIT_MS);
  return true;
}
