// Organiser accounts on the Auth emulator, made the way the Admin SDK would (the brief's REST calls): an e-mail and
// password account, and the custom claim `organiser: true` that only the Admin side can set.
import { emulatorTarget } from '../../../scripts/organiser.mjs';

const AUTH = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/**
 * The project the app's e-mail sign-ins land in: the one the Auth emulator was started with, asked of the emulator
 * (scripts/organiser.mjs). Not the lane's project id (tests/e2e/lanes.ts): the emulator's admin API serves any id
 * named in the path, so accounts made under `demo-town-square-lane2` existed, but a sign-in from lane 2's page
 * (an API-key request, which names no project) never found them — the organiser suite failed only in lane 2.
 */
let project: Promise<string> | undefined;
const PROJECT = () => (project ??= emulatorTarget(AUTH()).projectId());

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
  const projectId = await PROJECT();
  const { localId } = await post<{ localId: string }>(`projects/${projectId}/accounts`, { email, password }, true);
  if (organiser) await post(`projects/${projectId}/accounts:update`, { localId, customAttributes: JSON.stringify({ organiser: true }) }, true);
  return { email, uid: localId };
}
