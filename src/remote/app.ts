import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import type { RemoteConfig } from './config';

/** One Firebase app per config name; reused by the lite and full SDK modules. */
export function appFor(config: RemoteConfig, name = '[DEFAULT]'): FirebaseApp {
  return getApps().some((a) => a.name === name) ? getApp(name) : initializeApp(config.firebase, name);
}
