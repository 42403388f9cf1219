export declare const OWN_CHUNK_NAMESPACES: readonly string[];
