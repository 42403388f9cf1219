export declare const TRANSLATED_FIELDS: Readonly<Record<string, readonly string[]>>;
export declare function englishFingerprint(pack: string, entry: Readonly<Record<string, unknown>>): string;
