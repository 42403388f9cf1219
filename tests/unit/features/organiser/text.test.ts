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
    expect(notDoneText({ code: 'permission-denied' })).toBe("Nothing changed: the server refused it. This account is an organiser and the poll looks right on this device, so the server's rules may be newer than this page: reload it and try again.");
    expect(notDoneText({ code: 'aborted', message: 'Too much contention' })).toBe('Nothing changed: Too much contention');
  });
});

describe('a refusal says what was refused and why (issue #53)', () => {
  it('names a lost organiser claim, a missing poll, and the part of the poll the rules refuse', () => {
    expect(notDoneText({ code: 'not-organiser' })).toBe('Nothing changed: this account is no longer an organiser (the server refused it). Someone with access to the server can grant it again; then sign out and sign in.');
    expect(notDoneText({ code: 'not-found' })).toBe('Nothing changed: this poll is no longer on the server.');
    expect(notDoneText({ code: 'poll-invalid', problem: { what: 'title' } })).toBe('Nothing changed: the server refused the poll as it would be stored — its title must be 1 to 150 characters. Edit the poll, fix it and save.');
    expect(notDoneText({ code: 'poll-invalid', problem: { what: 'nominees', category: 3 } })).toContain('category 3 must have 2 to 20 nominees');
  });
});
