// The app's service worker through DevTools: its registration, so a test can stop, start and wake it with a
// Background Sync event as the browser would minutes later.
import type { BrowserContext, CDPSession } from 'playwright-core';
import { BASE_URL } from '../harness';
import { until } from './syncPoll';

export interface WorkerSession {
  session: CDPSession;
  reg: { registrationId: string; scopeURL: string };
}

/** A DevTools session (on a blank page of `context`) that has seen the app's service-worker registration. */
export async function workerSession(context: BrowserContext): Promise<WorkerSession> {
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  session.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...e.registrations));
  await session.send('ServiceWorker.enable');
  await until(async () => registrations.some((r) => r.scopeURL.startsWith(BASE_URL)), 5000, 'registration seen');
  return { session, reg: registrations.find((r) => r.scopeURL.startsWith(BASE_URL))! };
}

/** The outbox's Background Sync event, dispatched to the worker (a stopped one must be started first). */
export function dispatchOutboxSync({ session, reg }: WorkerSession): Promise<unknown> {
  return session.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(BASE_URL).origin, registrationId: reg.registrationId, tag: 'town-square-outbox', lastChance: false });
}
