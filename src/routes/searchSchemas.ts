import * as v from 'valibot';

// Search values arrive as strings (see parseSearch in app/router.ts). A value that fails its schema —
// an array, an object, a 10 kB string — is dropped on its own rather than failing the whole screen.
const Uid = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const Q = v.pipe(v.string(), v.maxLength(2048));

function validator<E extends Record<string, v.GenericSchema<string, string>>>(entries: E) {
  return (input: Record<string, unknown>): { [K in keyof E]?: string } => {
    const out: { [K in keyof E]?: string } = {};
    for (const key of Object.keys(entries) as (keyof E & string)[]) {
      const raw = input[key];
      if (raw === undefined) continue;
      const result = v.safeParse(entries[key]!, typeof raw === 'number' ? String(raw) : raw);
      if (result.success) out[key] = result.output;
    }
    return out;
  };
}

export const uidSearch = validator({ uid: Uid });
/**
 * The landing (/ and /home): the open category is in the address. Any short string passes here; the landing
 * shows the menu for one it does not know (isCategory), which keeps the category list out of the entry chunk.
 */
export const landingSearch = validator({ uid: Uid, category: Id });
export const idSearch = validator({ uid: Uid, id: Id });
export const qSearch = validator({ uid: Uid, q: Q });
