export declare const TRANSLATED_FIELDS: {
  readonly executive: readonly ['lgd1', 'lgd2h', 'lgd2', 'lgd3h', 'lgd3', 'lgd4h', 'lgd4', 'endDesc'];
  readonly cabinet: readonly ['about', 'previousPosition'];
  readonly michigan: readonly ['about', 'previousPosition'];
  readonly court: readonly ['about', 'Office'];
  readonly governors: readonly ['about'];
};
export declare function englishFingerprint(pack: keyof typeof TRANSLATED_FIELDS, entry: Readonly<Record<string, unknown>>): string;
