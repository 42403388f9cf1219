// The native iOS / Android wrappers (spec §1, §2): "Select organization" posts a message to whichever
// wrapper hosts the page. In a plain browser there is nobody to tell, so it is a logged no-op.

/** The WKScriptMessageHandler name the iOS wrapper registers, and the Android interface's method name. */
export const BRIDGE_NAME = 'selectOrganization';

export interface SelectOrganizationMessage {
  type: 'selectOrganization';
  uid: string;
  organisationId: number;
}

export interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage?: (message: unknown) => void } | undefined> };
  /** Android's addJavascriptInterface object; its methods take strings only. */
  Android?: { selectOrganization?: (json: string) => void };
}

export type BridgeTarget = 'ios' | 'android' | 'browser';

/**
 * Posts to iOS first, then Android; returns who received it. Methods are called on their objects
 * (never detached): Android's injected interface throws when called without its receiver.
 */
export function postSelectOrganization(
  message: SelectOrganizationMessage,
  win: BridgeWindow = globalThis as unknown as BridgeWindow,
  log: (...args: unknown[]) => void = console.info,
): BridgeTarget {
  try {
    const ios = win.webkit?.messageHandlers?.[BRIDGE_NAME];
    if (ios && typeof ios.postMessage === 'function') {
      ios.postMessage(message);
      return 'ios';
    }
    if (win.Android && typeof win.Android.selectOrganization === 'function') {
      win.Android.selectOrganization(JSON.stringify(message));
      return 'android';
    }
  } catch (err) {
    // A wrapper that throws must not break the settings screen.
    log('Select organization: the native app did not accept the message', err);
    return 'browser';
  }
  log('Select organization: no native app wrapper here (plain browser), nothing to do', message);
  return 'browser';
}
