// Types for TypeScript callers of scripts/organiser.mjs (tests that make organisers as npm start does).
export interface AuthTarget {
  kind: 'emulator' | 'project';
  base: string;
  host?: string;
  projectId(): Promise<string>;
  headers(): Promise<Record<string, string>>;
  describe(): Promise<string>;
}
export declare const CLAIM: 'organiser';
export declare const DEMO_ORGANISER: Readonly<{ email: string; password: string }>;
export declare const EXIT: Readonly<{ ok: 0; refused: 1; usage: 2; unreachable: 3 }>;
export declare class OrganiserError extends Error {
  exitCode: number;
  constructor(message: string, exitCode?: number);
}
export declare function normaliseEmail(raw: string): string;
/** The Auth emulator at host:port as its administrator; without `project`, the emulator's own project (asked of it). */
export declare function emulatorTarget(host: string, project?: string): AuthTarget;
export declare function resolveTarget(env?: NodeJS.ProcessEnv, options?: { project?: string | undefined }): AuthTarget;
export declare function decodeJwtPayload(jwt: string): Record<string, unknown>;
export declare function grantOrganiser(
  email: string,
  options?: { password?: string | undefined; target?: AuthTarget },
): Promise<{ email: string; uid: string; created: boolean; changed: boolean; claims: Record<string, unknown>; passwordKept: boolean }>;
export declare function revokeOrganiser(
  email: string,
  options?: { target?: AuthTarget },
): Promise<{ email: string; uid: string; changed: boolean; claims: Record<string, unknown>; validSince?: number }>;
export declare function listOrganisers(options?: { target?: AuthTarget }): Promise<{ email: string; uid: string; claims: Record<string, unknown> }[]>;
