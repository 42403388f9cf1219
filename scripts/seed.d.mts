// Types for the tests that seed the emulator with the demo data (seed.mjs is a plain Node script).
export interface SeedSummary {
  documents: number;
  collections: Record<string, number>;
}
export declare const DEMO_DATA_DIR: string;
export declare function loadDemoDocuments(dir?: string): [path: string, data: Record<string, unknown>][];
export declare function seed(options?: { firestoreHost?: string | undefined; projectId?: string | undefined }): Promise<SeedSummary>;
export declare function formatSummary(summary: SeedSummary, firestoreHost: string, projectId: string): string;
