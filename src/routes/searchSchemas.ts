// Search values arrive as strings (see parseSearch in app/router.ts). A value that fails its rule — an array,
// an object, a 10 kB string — is dropped on its own rather than failing the whole screen.
// Plain length rules rather than the schema library the data layer uses: these run in the entry chunk, where
// valibot cost ~3 kB gz for three string checks (the budget that pays for the language runtime, issue #22).

type Rule = { min: number; max: number; trim?: true };
const Uid: Rule = { min: 1, max: 128, trim: true };
const Id: Rule = { min: 1, max: 200 };
const Q: Rule = { min: 0, max: 2048 };

function check(rule: Rule, raw: unknown): string | undefined {
  const value = typeof raw === 'number' ? String(raw) : raw;
  if (typeof value !== 'string') return undefined;
  const text = rule.trim ? value.trim() : value;
  return text.length >= rule.min && text.length <= rule.max ? text : undefined;
}

function validator<E extends Record<string, Rule>>(entries: E) {
  return (input: Record<string, unknown>): { [K in keyof E]?: string } => {
    const out: { [K in keyof E]?: string } = {};
    for (const key of Object.keys(entries) as (keyof E & string)[]) {
      const value = input[key] === undefined ? undefined : check(entries[key]!, input[key]);
      if (value !== undefined) out[key] = value;
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
const Code: Rule = { min: 1, max: 40, trim: true };
/** /poll: also a voting code (issue #52), as a ticket's QR link carries it; src/lib/votingCodes.ts reads it. */
export const ballotSearch = validator({ uid: Uid, id: Id, code: Code });
/** /vote: a code for every award poll of the night, from its card's QR link. */
export const voteSearch = validator({ uid: Uid, code: Code });
export const qSearch = validator({ uid: Uid, q: Q });
/** /organiser: `present` is the id of the poll on the projector (present mode), absent for the organisers' list. */
export const presentSearch = validator({ present: Id });
