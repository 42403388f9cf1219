// The page's localStorage, or null where the browser refuses it (storage blocked, some private modes throw on
// access): one definition for every module that keeps something small across page loads.
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
