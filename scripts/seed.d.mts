// Types for the tests that seed the emulator with the demo data (seed.mjs is a plain Node script): what they use.
export declare function seed(options?: { firestoreHost?: string | undefined; projectId?: string | undefined }): Promise<{ documents: number; collections: Record<string, number> }>;
/** Every scripts/demo-data/*.json document as [path, data] (each carries `demo: true`). */
export declare function loadDemoDocuments(dir?: string): [string, Record<string, unknown>][];
