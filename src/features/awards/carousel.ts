// The banner carousel's behaviour, free of React and the DOM so it can be unit-tested with a fake clock:
// auto-advance, the reasons it pauses, swipe detection and wrap-around (spec §2, §9).

export const BANNER_COUNT = 4;
/** Spec: the banner moves on every 5000 ms (not the ballot's 500-ms auto-advance, polls/logic.ts AUTO_ADVANCE_MS). */
export const BANNER_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
/** A pointer that moved less than this between down and up was a tap (a finger wobbles a few pixels). */
export const TAP_SLOP_PX = 10;

/**
 * Why rotation is stopped. Any one reason stops it; rotation resumes only when none is left, so
 * leaving with the mouse does not restart a carousel the keyboard user is still inside.
 * 'user' = the Pause button or prefers-reduced-motion; 'hidden' = the tab is in the background.
 */
export type PauseReason = 'hover' | 'focus' | 'user' | 'hidden';

/** Index into a ring of `count` slides: -1 is the last slide, `count` is the first. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The page's reading direction: slides run in reading order, so it decides which way is "next". */
export type ReadingDirection = 'ltr' | 'rtl';

/** Whether a pointer's movement from down to up was a tap rather than a drag. */
export function isTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) <= TAP_SLOP_PX;
}

/**
 * +1 (next) for a swipe longer than the threshold that pulls the next slide in from the reading end (leftward
 * in left-to-right text, rightward in right-to-left), -1 (previous) for one the other way, 0 for a tap, a
 * short drag or a mostly vertical movement (that is the page scrolling, not a swipe).
 */
export function swipeStep(dx: number, dy = 0, threshold = SWIPE_THRESHOLD_PX, direction: ReadingDirection = 'ltr'): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  const forward = direction === 'rtl' ? dx > 0 : dx < 0;
  return forward ? 1 : -1;
}

/**
 * How far (in % of one slide) the track moves to show slide `index`. The track is a flex row in the page's
 * direction, so right-to-left its later slides lie to the left and it moves rightward; the slide animation
 * follows (the next slide comes in from the reading end).
 */
export function trackOffset(index: number, direction: ReadingDirection = 'ltr'): number {
  return direction === 'rtl' ? index * 100 : -index * 100;
}

export interface CarouselState {
  index: number;
  /** True while the slides change on their own; screen readers are told only when this is false. */
  rotating: boolean;
  /** True when the user (or reduced motion) stopped rotation; drives the Play/Pause button. */
  userPaused: boolean;
}

export interface CarouselTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface CarouselOptions {
  count: number;
  intervalMs?: number;
  startIndex?: number;
  /** Start with these reasons already in force (e.g. 'user' under prefers-reduced-motion). */
  pausedFor?: readonly PauseReason[];
  timers?: CarouselTimers;
  onChange?: (state: CarouselState) => void;
}

const realTimers: CarouselTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class CarouselController {
  private index: number;
  private readonly count: number;
  private readonly intervalMs: number;
  private readonly timers: CarouselTimers;
  private readonly onChange: ((state: CarouselState) => void) | undefined;
  private readonly paused = new Set<PauseReason>();
  private timer: unknown = null;
  private started = false;

  constructor(options: CarouselOptions) {
    this.count = Math.max(0, Math.floor(options.count));
    this.intervalMs = options.intervalMs ?? BANNER_INTERVAL_MS;
    this.timers = options.timers ?? realTimers;
    this.onChange = options.onChange;
    this.index = wrapIndex(options.startIndex ?? 0, this.count);
    for (const r of options.pausedFor ?? []) this.paused.add(r);
  }

  get state(): CarouselState {
    return { index: this.index, rotating: this.isRotating(), userPaused: this.paused.has('user') };
  }

  /** Begins auto-advance (unless paused). Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.reschedule();
    this.emit();
  }

  /** Stops for good (component unmounted): no timer may fire afterwards. */
  dispose(): void {
    this.started = false;
    this.cancel();
  }

  pause(reason: PauseReason): void {
    if (this.paused.has(reason)) return;
    this.paused.add(reason);
    this.reschedule();
    this.emit();
  }

  resume(reason: PauseReason): void {
    if (!this.paused.delete(reason)) return;
    this.reschedule();
    this.emit();
  }

  /** The Play/Pause button. */
  toggleUserPause(): void {
    if (this.paused.has('user')) this.resume('user');
    else this.pause('user');
  }

  next(): void {
    this.goTo(this.index + 1);
  }

  prev(): void {
    this.goTo(this.index - 1);
  }

  /** Manual navigation restarts the 5 s countdown, so the slide the user chose stays up a full interval. */
  goTo(index: number): void {
    const target = wrapIndex(index, this.count);
    const changed = target !== this.index;
    this.index = target;
    this.reschedule();
    if (changed) this.emit();
  }

  /** Handles the end of a pointer drag; returns whether it counted as a swipe. */
  swipe(dx: number, dy = 0, direction: ReadingDirection = 'ltr'): boolean {
    const step = swipeStep(dx, dy, SWIPE_THRESHOLD_PX, direction);
    if (step === 0) return false;
    this.goTo(this.index + step);
    return true;
  }

  private isRotating(): boolean {
    return this.started && this.paused.size === 0 && this.count > 1;
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private reschedule(): void {
    this.cancel();
    if (!this.isRotating()) return;
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.index = wrapIndex(this.index + 1, this.count);
      this.reschedule();
      this.emit();
    }, this.intervalMs);
  }

  private emit(): void {
    this.onChange?.(this.state);
  }
}
