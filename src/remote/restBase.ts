// The Firestore REST API's documents URL for a project: the emulator's when the config names one. A module of its
// own so the server-clock probe (serverClock.ts), which is on every write's path, does not bring publicRest.ts's
// list reading (~1.4 kB gz) onto that path (issue #8's send-path figure, docs/benchmarks.md section 1).
import type { RemoteConfig } from './config';

export function documentsBase(cfg: RemoteConfig): string {
  const origin = cfg.emulators ? `http://${cfg.emulators.firestore.host}:${cfg.emulators.firestore.port}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${encodeURIComponent(cfg.firebase.projectId)}/databases/(default)/documents`;
}
