// The outbox's promise on thousands of generated schedules against the fault-injecting fake server (what the
// schedules hold and what is checked: tests/unit/sync/outboxModel.ts; the server: modelServer.ts). A few dozen
// more run against the real emulators and rules: tests/integration/outboxModel.test.ts.
//
// A failing schedule prints its seed and path; replay it alone with
//   MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run --project unit tests/unit/sync/outboxModel.test.ts
// MODEL_RUNS sets how many schedules (default 1,000: 700 with Web Locks, 300 without); MODEL_STATS=1 prints what
// they held.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { faultsArb, replay, runSchedule, scheduleArb, stats } from './outboxModel';
import { ModelServer } from './modelServer';

const runs = Number(process.env.MODEL_RUNS ?? 1000);

describe('the outbox on generated schedules (model-based, fake server)', () => {
  it('with Web Locks (one flusher at a time, and a remote that does not run a lost race again): nothing lost, nothing twice, the phone says what the server holds', { timeout: 180_000 }, async () => {
    await fc.assert(fc.asyncProperty(scheduleArb(), faultsArb, (steps, plan) => {
      // Without countedTransaction's retry, only the flusher keeps two commits of one count apart.
      const server = new ModelServer();
      server.racesRetried = false;
      return runSchedule(server, steps, plan, true);
    }), { numRuns: Math.round(runs * 0.7), ...replay() });
  });

  it('without Web Locks (an old browser: both tabs and the worker flush at once, and the remote runs a lost race again): the same promise', { timeout: 180_000 }, async () => {
    await fc.assert(fc.asyncProperty(scheduleArb(), faultsArb, (steps, plan) => runSchedule(new ModelServer(), steps, plan, false)), { numRuns: Math.round(runs * 0.3), ...replay() });
  });

  if (process.env.MODEL_STATS) {
    it('what the schedules held', () => {
      const sum = (k: 'steps' | 'written' | 'refused') => stats.reduce((a, s) => a + s[k], 0);
      console.log(JSON.stringify({ schedules: stats.length, steps: sum('steps'), writes: sum('written'), trueRefusals: sum('refused'), mostWrites: Math.max(...stats.map((s) => s.written)) }));
    });
  }
});
