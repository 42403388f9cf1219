// The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from the moment it comes.
// It fires once per page load, possibly before the screen that offers "Install Town Square" exists, and the
// event itself is what can show the browser's install dialog later: so the entry listens at once (main.tsx), and
// src/boot.ts (prerendered pages, before the app's code has arrived) does too. Both keep it in one object under a
// registered symbol (an import shared by the two entries would be one more file on a first visit); the install
// offer (src/features/account/install.ts) reads it. Tiny on purpose: this is in the entry chunk.

/** Chromium's BeforeInstallPromptEvent (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The browser's offer, unused (an event shows its dialog once). */
  offer?: InstallPromptEvent | null;
  /** The browser said during this visit that the app was installed. */
  installed?: boolean;
  /** Set by the install offer to hear of either. */
  changed?: () => void;
}

export const INSTALL_STATE = Symbol.for('town-square.install-prompt');

/** The one state object (src/boot.ts may have made it first). */
export const installState = (): InstallState => ((globalThis as { [INSTALL_STATE]?: InstallState })[INSTALL_STATE] ??= {});

/**
 * Starts listening (once, from main.tsx). `appinstalled` is heard elsewhere (src/sync/triggers.ts, loaded on every
 * page at idle): it comes only after the visitor installs, and the entry stays smaller.
 */
export function captureInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (e) => {
    // Not the browser's own mini-infobar: the app offers it where it makes sense (More, after a first vote).
    e.preventDefault();
    const state = installState();
    state.offer = e as InstallPromptEvent;
    state.changed?.();
  });
}
