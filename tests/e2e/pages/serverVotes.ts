// The award votes the emulator holds (admin REST reads, this lane's project): what reached the server.
import { adminGet, adminList } from '../../integration/env';

type VoteFields = { user?: { stringValue?: string }; pollId?: { stringValue?: string }; answers?: { mapValue?: { fields?: Record<string, { stringValue?: string }> } } };

/** Every award vote the server holds for this e-mail: poll and answers. */
export async function serverVotes(email: string): Promise<{ pollId: string; answers: Record<string, string> }[]> {
  const out: { pollId: string; answers: Record<string, string> }[] = [];
  for (const id of await adminList('poll-responses')) {
    const d = (await adminGet(`poll-responses/${id}`)) as { fields: VoteFields } | null;
    if (d?.fields.user?.stringValue !== email) continue;
    const answers = Object.fromEntries(Object.entries(d.fields.answers?.mapValue?.fields ?? {}).map(([k, v]) => [k, v.stringValue ?? '']));
    out.push({ pollId: d.fields.pollId?.stringValue ?? '', answers });
  }
  return out;
}
