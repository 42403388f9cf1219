import { describe, expect, it } from 'vitest';
import { fromLocalInput, notDoneText, toLocalInput } from '../../../../src/features/organiser/text';

describe('the window times typed in a datetime-local field', () => {
  it('round-trips a moment to the minute, in this device\'s time zone', () => {
    const ms = Date.UTC(2026, 10, 27, 21, 30);
    const typed = toLocalInput(ms);
    expect(typed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(typed)).toBe(ms);
  });
  it('reads nothing from an empty or malformed value (no moment is invented)', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2026-13-45T99:99')).toBeNull();
  });
});

describe('why an organiser action did not happen', () => {
  it('says offline, refused, or the server\'s reason — and always that nothing changed', () => {
    expect(notDoneText({ code: 'unavailable' })).toBe('Nothing changed: this device is offline. Try again when it is back online.');
    expect(notDoneText({ code: 'permission-denied' })).toBe('Nothing changed: the server refused it. Is this account still an organiser?');
    expect(notDoneText({ code: 'aborted', message: 'Too much contention' })).toBe('Nothing changed: Too much contention');
  });
});
