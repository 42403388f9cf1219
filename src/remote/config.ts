// Configuration only — no Firebase import here, so the entry chunk can read it cheaply.

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  measurementId?: string;
  databaseURL: string;
}

export interface HostPort {
  host: string;
  port: number;
}

export interface RemoteConfig {
  firebase: FirebaseWebConfig;
  /** null when a real project is configured. */
  emulators: { firestore: HostPort; database: HostPort; auth: HostPort } | null;
  /** Backend API v1 base URL, or null when none is configured. */
  apiBase: string | null;
  /**
   * An identity a `?uid=` link or the host asked for (spec §3). Emulators only: the Auth emulator signs in as it
   * (demo data, tests). On a real project it is ignored — only a server could mint that user's token.
   */
  identity?: string;
}

type Env = Record<string, string | boolean | undefined>;

function hostPort(value: string | undefined, fallback: string): HostPort {
  const [host = '127.0.0.1', port = '0'] = (value || fallback).split(':');
  return { host, port: Number(port) };
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** Reads `VITE_FIREBASE_*`; with no API key set the app talks to the local emulators. */
export function readConfig(env: Env = import.meta.env as Env): RemoteConfig {
  const apiKey = str(env.VITE_FIREBASE_API_KEY);
  const projectId = str(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-town-square';
  const apiBase = str(env.VITE_API_BASE) ?? null;
  if (apiKey) {
    const firebase: FirebaseWebConfig = {
      apiKey,
      projectId,
      databaseURL: str(env.VITE_FIREBASE_DATABASE_URL) ?? `https://${projectId}-default-rtdb.firebaseio.com`,
    };
    const optional = {
      authDomain: str(env.VITE_FIREBASE_AUTH_DOMAIN),
      storageBucket: str(env.VITE_FIREBASE_STORAGE_BUCKET),
      messagingSenderId: str(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
      appId: str(env.VITE_FIREBASE_APP_ID),
      measurementId: str(env.VITE_FIREBASE_MEASUREMENT_ID),
    };
    for (const [k, v] of Object.entries(optional)) if (v) (firebase as unknown as Record<string, string>)[k] = v;
    return { firebase, emulators: null, apiBase };
  }
  const firestore = hostPort(str(env.VITE_FIRESTORE_EMULATOR_HOST), '127.0.0.1:8080');
  const database = hostPort(str(env.VITE_DATABASE_EMULATOR_HOST), '127.0.0.1:9000');
  const auth = hostPort(str(env.VITE_AUTH_EMULATOR_HOST), '127.0.0.1:9099');
  return {
    // The emulators accept any key; 'demo-' project ids never reach production.
    firebase: { apiKey: 'demo-key', projectId, databaseURL: `http://${database.host}:${database.port}?ns=${projectId}` },
    emulators: { firestore, database, auth },
    apiBase,
  };
}
