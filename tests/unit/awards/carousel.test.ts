import { describe, expect, it } from 'vitest';
import { BANNER_INTERVAL_MS, BANNER_COUNT, CarouselController, SWIPE_THRESHOLD_PX, TAP_SLOP_PX, isTap, swipeStep, wrapIndex, type CarouselState, type CarouselTimers } from '../../../src/features/awards/carousel';

/** A manual clock: timers fire only when the test advances time. */
class FakeClock implements CarouselTimers {
  now = 0;
  private next = 1;
  private timers = new Map<number, { at: number; fn: () => void }>();
  set(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  get pending(): number {
    return this.timers.size;
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = until;
  }
}

function setup(extra: Partial<ConstructorParameters<typeof CarouselController>[0]> = {}) {
  const clock = new FakeClock();
  const seen: CarouselState[] = [];
  const c = new CarouselController({ count: BANNER_COUNT, timers: clock, onChange: (s) => seen.push(s), ...extra });
  return { clock, c, seen };
}

describe('carousel constants (spec §9)', () => {
  it('has 4 banners, a 5 s interval and a 40 px swipe threshold', () => {
    expect(BANNER_COUNT).toBe(4);
    expect(BANNER_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(40);
  });
});

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(9, 4)).toBe(1);
    expect(wrapIndex(2, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('needs more than 40 px of horizontal movement', () => {
    expect(swipeStep(-40)).toBe(0);
    expect(swipeStep(40)).toBe(0);
    expect(swipeStep(-41)).toBe(1);
    expect(swipeStep(41)).toBe(-1);
  });
  it('ignores a mostly vertical drag (the page scrolling)', () => {
    expect(swipeStep(-60, 90)).toBe(0);
    expect(swipeStep(-60, 30)).toBe(1);
  });
});

describe('isTap', () => {
  it('a wobble of a few pixels is a tap; a drag too short to change slide is not (its click must not open the banner)', () => {
    expect(isTap(0, 0)).toBe(true);
    expect(isTap(6, -6)).toBe(true);
    expect(isTap(TAP_SLOP_PX, 0)).toBe(true);
    expect(isTap(-(TAP_SLOP_PX + 1), 0)).toBe(false);
    expect(isTap(0, 30)).toBe(false);
    expect(swipeStep(-30)).toBe(0); // too short for a swipe, yet a drag
    expect(isTap(-30, 0)).toBe(false);
  });
});

describe('CarouselController', () => {
  it('advances every 5 s and wraps from the last banner to the first', () => {
    const { clock, c } = setup();
    c.start();
    expect(c.state).toEqual({ index: 0, rotating: true, userPaused: false });
    clock.advance(4999);
    expect(c.state.index).toBe(0);
    clock.advance(1);
    expect(c.state.index).toBe(1);
    clock.advance(3 * BANNER_INTERVAL_MS);
    expect(c.state.index).toBe(0);
  });

  it('does nothing before start and nothing after dispose', () => {
    const { clock, c } = setup();
    clock.advance(20_000);
    expect(c.state.index).toBe(0);
    c.start();
    c.dispose();
    expect(clock.pending).toBe(0);
    clock.advance(20_000);
    expect(c.state.index).toBe(0);
  });

  it('pauses on hover and resumes with a full interval', () => {
    const { clock, c } = setup();
    c.start();
    clock.advance(3000);
    c.pause('hover');
    expect(c.state.rotating).toBe(false);
    clock.advance(60_000);
    expect(c.state.index).toBe(0);
    c.resume('hover');
    clock.advance(4999);
    expect(c.state.index).toBe(0);
    clock.advance(1);
    expect(c.state.index).toBe(1);
  });

  it('stays paused until every reason is gone (mouse leaves while focus is still inside)', () => {
    const { clock, c } = setup();
    c.start();
    c.pause('hover');
    c.pause('focus');
    c.resume('hover');
    clock.advance(10_000);
    expect(c.state).toMatchObject({ index: 0, rotating: false });
    c.resume('focus');
    expect(c.state.rotating).toBe(true);
  });

  it('resuming a reason that was never set changes nothing', () => {
    const { c, seen } = setup();
    c.start();
    const before = seen.length;
    c.resume('hover');
    expect(seen.length).toBe(before);
  });

  it('under reduced motion starts paused, and Play starts it', () => {
    const { clock, c } = setup({ pausedFor: ['user'] });
    c.start();
    expect(c.state).toEqual({ index: 0, rotating: false, userPaused: true });
    clock.advance(30_000);
    expect(c.state.index).toBe(0);
    c.toggleUserPause();
    expect(c.state).toEqual({ index: 0, rotating: true, userPaused: false });
    clock.advance(BANNER_INTERVAL_MS);
    expect(c.state.index).toBe(1);
    c.toggleUserPause();
    expect(c.state.userPaused).toBe(true);
  });

  it('manual navigation wraps and restarts the countdown', () => {
    const { clock, c } = setup();
    c.start();
    c.prev();
    expect(c.state.index).toBe(3);
    c.next();
    expect(c.state.index).toBe(0);
    clock.advance(4000);
    c.goTo(2);
    clock.advance(4000);
    expect(c.state.index).toBe(2); // not 3: the chosen slide gets its full 5 s
    clock.advance(1000);
    expect(c.state.index).toBe(3);
    c.goTo(6);
    expect(c.state.index).toBe(2);
  });

  it('a swipe past the threshold changes slide; a short one does not', () => {
    const { c } = setup();
    c.start();
    expect(c.swipe(-30)).toBe(false);
    expect(c.state.index).toBe(0);
    expect(c.swipe(-50)).toBe(true);
    expect(c.state.index).toBe(1);
    expect(c.swipe(120, 10)).toBe(true);
    expect(c.swipe(120, 10)).toBe(true);
    expect(c.state.index).toBe(3);
  });

  it('a hidden tab pauses rotation', () => {
    const { clock, c } = setup();
    c.start();
    c.pause('hidden');
    clock.advance(60_000);
    expect(c.state.index).toBe(0);
    c.resume('hidden');
    clock.advance(BANNER_INTERVAL_MS);
    expect(c.state.index).toBe(1);
  });

  it('a single slide never rotates', () => {
    const { clock, c } = setup({ count: 1 });
    c.start();
    expect(c.state.rotating).toBe(false);
    clock.advance(60_000);
    expect(clock.pending).toBe(0);
  });

  it('reports each change', () => {
    const { clock, c, seen } = setup();
    c.start();
    clock.advance(BANNER_INTERVAL_MS);
    c.pause('focus');
    expect(seen.map((s) => [s.index, s.rotating])).toEqual([
      [0, true],
      [1, true],
      [1, false],
    ]);
  });
});
