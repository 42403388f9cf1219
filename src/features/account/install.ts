// Installing to the home screen (issue #33): which offer this device gets, and what the visitor already said.
// Pure parts (the browser and the stored answers passed in) so unit tests can pin every case.
import { installState, type InstallPromptEvent } from '../../lib/installPrompt';

/** What the install control shows: the browser's own dialog behind a button, Safari's steps, or nothing. */
export type InstallMode = 'prompt' | 'apple' | null;

/**
 * iPhone, iPad or iPod Safari: no install prompt there, but Share → Add to Home Screen. An iPad asking for the
 * desktop site says "Macintosh", and only its touch points tell it apart from a Mac. Chrome, Firefox, Edge and
 * Opera on iOS name themselves (CriOS, FxiOS, EdgiOS, OPiOS); the steps here are Safari's.
 */
export function isAppleSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return apple && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export interface InstallFacts {
  /** Running from the home screen already (display-mode standalone, or Safari's navigator.standalone). */
  standalone: boolean;
  /** The browser said during this visit that the app was installed. */
  installed: boolean;
  /** The visitor said "No thanks", or closed the browser's dialog. */
  dismissed: boolean;
  /** The browser offered to install (beforeinstallprompt) and the offer is unused. */
  offered: boolean;
  appleSafari: boolean;
}

export function installMode(f: InstallFacts): InstallMode {
  if (f.standalone || f.installed || f.dismissed) return null;
  if (f.offered) return 'prompt';
  return f.appleSafari ? 'apple' : null;
}

/** Where the visitor's answers are kept: localStorage in the app, a Map in tests. */
export interface AnswerStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const DISMISSED = 'town-square.install.dismissed';
const OFFERED_AFTER_VOTE = 'town-square.install.after-vote';

function store(): AnswerStore | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: nothing remembered, the offer simply shows again
  }
}

/** "No thanks" is for good: the offer is not shown again on this device. */
export const isDismissed = (s: AnswerStore | null = store()): boolean => s?.getItem(DISMISSED) === '1';
export const dismiss = (s: AnswerStore | null = store()): void => s?.setItem(DISMISSED, '1');

/** After a vote the offer comes once, the first time it can be shown there; More keeps it until answered. */
export const offeredAfterVote = (s: AnswerStore | null = store()): boolean => s?.getItem(OFFERED_AFTER_VOTE) === '1';
export const noteOfferedAfterVote = (s: AnswerStore | null = store()): void => s?.setItem(OFFERED_AFTER_VOTE, '1');

/** Whether this page runs as the installed app. */
export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** The browser's unused offer to install, kept by the entry (src/lib/installPrompt.ts). */
export const installOffer = (): InstallPromptEvent | null => installState().offer ?? null;
/** Whether the browser said during this visit that the app was installed. */
export const justInstalled = (): boolean => installState().installed === true;

/** Forgets the offer once its dialog was shown (an event shows it once), noting an install it reported. */
export function spendOffer(accepted: boolean): void {
  const state = installState();
  state.offer = null;
  state.installed ||= accepted;
  state.changed?.();
}

const listeners = new Set<() => void>();
/** Hears the browser make its offer or report an install (for useSyncExternalStore). */
export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  installState().changed = () => listeners.forEach((l) => l());
  return () => listeners.delete(listener);
}
