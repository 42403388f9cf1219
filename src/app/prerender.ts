// The page may arrive with the screen already in it (scripts/prerender-node.mjs writes each content screen's HTML;
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

/** Longest the prerendered copy stays once React has a screen that is not just loading (see `limit` below). */
const TAKEOVER_LIMIT_MS = 3000;

/** How long React's screen must stay unchanged to be taken as final when it differs from the prerendered one. */
const SETTLE_MS = 120;

/** A loading state (the spinner screens show while they wait, or a region marked busy); not a ballot's progress bar. */
const BUSY = '.spinner, [aria-busy="true"]';

const textSize = (el: Element | null): number => (el?.textContent ?? '').replace(/\s+/g, '').length;

/**
 * Call before the first React render: hides #root until its screen can replace the prerendered copy.
 * Returns whether a prerendered screen is showing; `onReveal` runs once React's screen has replaced it.
 */
export function prepareTakeover(root: HTMLElement, doc: Document = document, onReveal?: () => void): boolean {
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
    const carry = carryOver(shell, root);
    shell.remove();
    root.hidden = false;
    carry();
    onReveal?.();
  };
  // Ready when React's screen says at least as much as the prerendered one (the civic hub first shows its
  // sections, then the tiles and counts from IndexedDB: swapping at the first of those would shift the layout),
  // or when it has settled on something else — a visitor's own state the build could not know (a remembered
  // award category) is shown after a short quiet spell rather than after the time limit.
  // Both read afresh at every check: a script of the page (the /vote polls preview) may fill the prerendered
  // loading state in while React is still on its way.
  /** React's <main> once it shows a screen (its page has content), else null. */
  const reactScreen = (): Element | null => {
    const main = root.querySelector('main');
    return (main?.querySelector('.page')?.childElementCount ?? 0) > 0 ? main : null;
  };
  const complete = (): 'yes' | 'settling' | 'no' => {
    const main = reactScreen();
    if (!main) return 'no';
    const reactBusy = main.querySelector(BUSY) !== null;
    // At least as much text, and not waiting where the static copy is not: a prerendered loading state has
    // nothing React could lose; one a page script filled in (the polls preview, the ballot) waits for React's.
    if (textSize(main) >= textSize(shell.querySelector('main')) * 0.95 && (!reactBusy || shell.querySelector(BUSY) !== null)) return 'yes';
    return reactBusy ? 'no' : 'settling';
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
  // At the time limit React's screen replaces the copy even if it says less — but only once there is one: not
  // while React has committed nothing (a transition that waits for the screen's chunk, late on a flaky network,
  // commits nothing at all: the swap showed a blank page until it came), nor while its screen is only loading
  // where the copy shows the screen (a slow IndexedDB). The copy, whose links work, stays until then, and the
  // observer above swaps the two as soon as React's screen is there.
  const limit = setTimeout(() => {
    const main = reactScreen();
    if (!main || (main.querySelector(BUSY) && !shell.querySelector(BUSY))) return;
    reveal();
  }, TAKEOVER_LIMIT_MS);
  return true;
}

/**
 * What the visitor is doing on the static copy goes on in React's: the focused field keeps focus (its caret, and
 * on a phone the keyboard), an opened disclosure stays open, and text typed since React last rendered is handed to React's field of the same id
 * as if typed there (React's onChange sees it). Measured before the swap, applied right after it.
 */
function carryOver(shell: HTMLElement, root: HTMLElement): () => void {
  const fields = [...shell.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')].filter((f) => !f.readOnly && f.type !== 'radio' && f.type !== 'checkbox');
  const active = shell.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  const selection = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? [active.selectionStart, active.selectionEnd] : null;
  // A disclosure opened on the static copy (it works without the app) stays open: matched by its place.
  const opened = [...shell.querySelectorAll('details')].map((d) => d.open);
  return () => {
    root.querySelectorAll('details').forEach((d, i) => {
      if (opened[i]) d.open = true;
    });
    for (const field of fields) {
      const twin = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(field.id)}`);
      if (!twin || twin.value === field.value || twin.readOnly) continue;
      // React tracks the value it set: set it through the element's own setter, then tell React.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(twin) as object, 'value')?.set?.call(twin, field.value);
      twin.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (!active?.id) return;
    const twin = root.querySelector<HTMLElement>(`#${CSS.escape(active.id)}`);
    twin?.focus({ preventScroll: true });
    if (selection && (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement)) {
      try {
        twin.setSelectionRange(selection[0] ?? null, selection[1] ?? null);
      } catch {
        // type=email has no selection API: the caret stays where focus() put it (the end)
      }
    }
  };
}
