// Types for vite.config.ts (chunkNames.mjs is a plain Node module, shared with scripts/check-size.mjs).
export declare const STAGED_CHUNKS: readonly string[];
export declare const EAGER_CHUNKS: readonly string[];
export declare const COMPILE_HINT: string;
