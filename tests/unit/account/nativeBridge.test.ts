import { describe, expect, it } from 'vitest';
import { BRIDGE_NAME, postSelectOrganization, type BridgeWindow, type SelectOrganizationMessage } from '../../../src/features/account/nativeBridge';

const message: SelectOrganizationMessage = { type: 'selectOrganization', uid: 'visitor-1', organisationId: 20 };

function logger() {
  const lines: unknown[][] = [];
  return { lines, log: (...args: unknown[]) => void lines.push(args) };
}

describe('Select organization → native wrapper', () => {
  it('posts to the iOS message handler', () => {
    const received: unknown[] = [];
    const win: BridgeWindow = { webkit: { messageHandlers: { [BRIDGE_NAME]: { postMessage: (m) => void received.push(m) } } } };
    expect(postSelectOrganization(message, win, logger().log)).toBe('ios');
    expect(received).toEqual([message]);
  });

  it('calls the Android interface with JSON, on its own object', () => {
    const received: string[] = [];
    const android = {
      marker: 'android-bridge',
      selectOrganization(this: { marker: string }, json: string) {
        // Android's injected objects reject calls without their receiver.
        if (this?.marker !== 'android-bridge') throw new Error('detached call');
        received.push(json);
      },
    };
    const win = { Android: android } as unknown as BridgeWindow;
    expect(postSelectOrganization(message, win, logger().log)).toBe('android');
    expect(received.map((j) => JSON.parse(j) as unknown)).toEqual([message]);
  });

  it('prefers iOS when both exist', () => {
    const win: BridgeWindow = { webkit: { messageHandlers: { [BRIDGE_NAME]: { postMessage: () => undefined } } }, Android: { selectOrganization: () => undefined } };
    expect(postSelectOrganization(message, win, logger().log)).toBe('ios');
  });

  it('is a logged no-op in a plain browser', () => {
    const l = logger();
    expect(postSelectOrganization(message, {}, l.log)).toBe('browser');
    expect(postSelectOrganization(message, { webkit: { messageHandlers: {} } }, l.log)).toBe('browser');
    expect(l.lines).toHaveLength(2);
    expect(String(l.lines[0]?.[0])).toMatch(/plain browser/);
  });

  it('a wrapper that throws does not break the screen', () => {
    const l = logger();
    const win: BridgeWindow = {
      Android: {
        selectOrganization: () => {
          throw new Error('boom');
        },
      },
    };
    expect(postSelectOrganization(message, win, l.log)).toBe('browser');
    expect(l.lines).toHaveLength(1);
  });
});
