// The emulator's REST API with the owner token (bypasses security rules): seeding and counting,
// the JS twin of tests/integration/env.ts (adminWriteMany, adminClear) for the benchmark script.
import { toFirestoreFields } from '../seed.mjs';

export function admin({ firestoreHost, projectId }) {
  const root = `projects/${projectId}/databases/(default)/documents`;
  const base = `http://${firestoreHost}/v1/${root}`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

  async function countWhere(collectionId, where) {
    const structuredQuery = { from: [{ collectionId }], ...(where ? { where } : {}) };
    const res = await fetch(`${base}:runAggregationQuery`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ structuredAggregationQuery: { structuredQuery, aggregations: [{ alias: 'n', count: {} }] } }),
    });
    if (!res.ok) throw new Error(`admin count: ${res.status} ${(await res.text()).slice(0, 500)}`);
    const body = await res.json();
    return Number(body[0]?.result?.aggregateFields?.n?.integerValue ?? 0);
  }

  return {
    /** Writes many documents, 500 per commit (Dates become timestamps). */
    async writeMany(docs, { parallel = 2 } = {}) {
      const batches = [];
      for (let i = 0; i < docs.length; i += 500) batches.push(docs.slice(i, i + 500));
      for (let i = 0; i < batches.length; i += parallel) {
        await Promise.all(
          batches.slice(i, i + parallel).map(async (batch) => {
            const writes = batch.map((d) => ({ update: { name: `${root}/${d.path}`, fields: toFirestoreFields(d.data) } }));
            const res = await fetch(`${base}:commit`, { method: 'POST', headers, body: JSON.stringify({ writes }) });
            if (!res.ok) throw new Error(`admin commit: ${res.status} ${(await res.text()).slice(0, 500)}`);
          }),
        );
      }
    },
    /** Server-side count of a collection, optionally where field == value (`:runAggregationQuery`). */
    count(collectionId, field, value) {
      return countWhere(collectionId, field ? { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } } : undefined);
    },
    /** Server-side count of a collection's documents whose `field` starts with `prefix` (a range on the text). */
    countPrefix(collectionId, field, prefix) {
      const range = (op, value) => ({ fieldFilter: { field: { fieldPath: field }, op, value: { stringValue: value } } });
      return countWhere(collectionId, { compositeFilter: { op: 'AND', filters: [range('GREATER_THAN_OR_EQUAL', prefix), range('LESS_THAN', `${prefix}\uffff`)] } });
    },
    /** Deletes documents by path, 500 per commit. */
    async deleteMany(paths) {
      for (let i = 0; i < paths.length; i += 500) {
        const writes = paths.slice(i, i + 500).map((p) => ({ delete: `${root}/${p}` }));
        const res = await fetch(`${base}:commit`, { method: 'POST', headers, body: JSON.stringify({ writes }) });
        if (!res.ok) throw new Error(`admin delete: ${res.status} ${(await res.text()).slice(0, 500)}`);
      }
    },
    async clear() {
      const res = await fetch(`http://${firestoreHost}/emulator/v1/${root}`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`admin clear: ${res.status}`);
    },
  };
}
