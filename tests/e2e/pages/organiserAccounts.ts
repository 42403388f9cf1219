// Organiser accounts on the Auth emulator, made the way the Admin SDK would (the brief's REST calls): an e-mail and
// password account, and the custom claim `organiser: true` that only the Admin side can set.
const AUTH = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT = () => process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-town-square';

async function post<T>(path: string, body: unknown, owner = false): Promise<T> {
  const res = await fetch(`http://${AUTH()}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(owner ? { Authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`auth emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new account (unique e-mail per call); with `organiser`, the claim is set on it. */
export async function makeAccount(prefix: string, password: string, organiser: boolean): Promise<{ email: string; uid: string }> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  // In the lane's own project (tests/e2e/lanes.ts), as the Admin SDK creates users.
  const { localId } = await post<{ localId: string }>(`projects/${PROJECT()}/accounts`, { email, password }, true);
  if (organiser) await post(`projects/${PROJECT()}/accounts:update`, { localId, customAttributes: JSON.stringify({ organiser: true }) }, true);
  return { email, uid: localId };
}
