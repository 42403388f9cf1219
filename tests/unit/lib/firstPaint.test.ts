import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, PAINT_WAIT_MAX_MS } from '../../../src/lib/firstPaint';

// A stand-in for the browser's paint timing: the test says when the first contentful paint happens.
let paintObservers: FakeObserver[] = [];
class FakeObserver {
  static supportedEntryTypes: readonly string[] | undefined = ['paint', 'element'];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries: () => { name: string }[] }) => void) {}
  observe(): void {
    paintObservers.push(this);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  report(name: string): void {
    if (!this.disconnected) this.callback({ getEntries: () => [{ name }] });
  }
}
const paint = (name: string) => paintObservers.forEach((o) => o.report(name));

let visibility: DocumentVisibilityState = 'visible';

async function isSettled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  // 1 ms, not 0: the fake clock runs a zero-delay timer set from inside another timer 1 ms later.
  await vi.advanceTimersByTimeAsync(1);
  return done;
}

describe('afterFirstPaint (when boot.js starts the app)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    paintObservers = [];
    visibility = 'visible';
    FakeObserver.supportedEntryTypes = ['paint', 'element'];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.stubGlobal('document', {
      get visibilityState() {
        return visibility;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not for time or other paint entries', async () => {
    const p = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MAX_MS / 2);
    paint('first-paint');
    expect(await isSettled(p)).toBe(false);
    paint('first-contentful-paint');
    expect(await isSettled(p)).toBe(true);
    expect(paintObservers[0]?.disconnected).toBe(true);
  });

  it('resolves in a task of its own, not inside the observer callback', async () => {
    const p = afterFirstPaint();
    let done = false;
    void p.then(() => (done = true));
    paint('first-contentful-paint');
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('starts the app anyway after PAINT_WAIT_MAX_MS when no paint is reported', async () => {
    const p = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MAX_MS - 2);
    expect(await isSettled(p)).toBe(false); // 1 ms short
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(p)).toBe(true);
  });

  it('does not wait for a paint in a tab opened in the background', async () => {
    visibility = 'hidden';
    const p = afterFirstPaint();
    expect(await isSettled(p)).toBe(true);
    expect(paintObservers).toHaveLength(0);
  });

  it('does not wait where the engine has no paint timing', async () => {
    FakeObserver.supportedEntryTypes = ['element'];
    expect(await isSettled(afterFirstPaint())).toBe(true);
    FakeObserver.supportedEntryTypes = undefined;
    expect(await isSettled(afterFirstPaint())).toBe(true);
  });
});
