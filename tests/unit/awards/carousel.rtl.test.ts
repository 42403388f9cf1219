// The carousel in right-to-left reading (issue #22): the next slide comes in from the left, so a rightward swipe
// shows it and the track moves the other way. Left-to-right stays as carousel.test.ts checks it.
import { describe, expect, it } from 'vitest';
import { BANNER_COUNT, CarouselController, SWIPE_THRESHOLD_PX, swipeStep, trackOffset } from '../../../src/features/awards/carousel';

describe('swipeStep, right to left', () => {
  it('a rightward swipe is next, a leftward one previous, past the same 40 px', () => {
    expect(swipeStep(41, 0, SWIPE_THRESHOLD_PX, 'rtl')).toBe(1);
    expect(swipeStep(-41, 0, SWIPE_THRESHOLD_PX, 'rtl')).toBe(-1);
    expect(swipeStep(40, 0, SWIPE_THRESHOLD_PX, 'rtl')).toBe(0);
    expect(swipeStep(-40, 0, SWIPE_THRESHOLD_PX, 'rtl')).toBe(0);
  });
  it('still ignores a mostly vertical drag', () => {
    expect(swipeStep(60, 90, SWIPE_THRESHOLD_PX, 'rtl')).toBe(0);
    expect(swipeStep(60, 30, SWIPE_THRESHOLD_PX, 'rtl')).toBe(1);
  });
  it('left to right is the default and unchanged', () => {
    expect(swipeStep(-41, 0, SWIPE_THRESHOLD_PX, 'ltr')).toBe(swipeStep(-41));
    expect(swipeStep(41, 0, SWIPE_THRESHOLD_PX, 'ltr')).toBe(swipeStep(41));
  });
});

describe('trackOffset', () => {
  it('moves the track left in left-to-right reading and right in right-to-left', () => {
    expect([0, 1, 3].map((i) => trackOffset(i))).toEqual([-0, -100, -300]);
    expect([0, 1, 3].map((i) => trackOffset(i, 'rtl'))).toEqual([0, 100, 300]);
    expect(`${trackOffset(0)}%`).toBe('0%');
  });
});

describe('CarouselController.swipe, right to left', () => {
  it('goes to the next slide on a rightward swipe and wraps back on a leftward one', () => {
    const timers = { set: () => 0, clear: () => undefined };
    const c = new CarouselController({ count: BANNER_COUNT, timers });
    expect(c.swipe(120, 0, 'rtl')).toBe(true);
    expect(c.state.index).toBe(1);
    expect(c.swipe(-120, 0, 'rtl')).toBe(true);
    expect(c.swipe(-120, 0, 'rtl')).toBe(true);
    expect(c.state.index).toBe(BANNER_COUNT - 1);
    expect(c.swipe(20, 0, 'rtl')).toBe(false);
    expect(c.state.index).toBe(BANNER_COUNT - 1);
  });
});
