// Starts the longest e2e files first, so the lanes (tests/e2e/lanes.ts) finish together instead of one lane
// starting a long file when the others are done. Vitest orders by the last run's durations when it has them
// (a developer's machine); a fresh clone (CI) has none, and file size says little (the 200-vote chaos scenario
// is a short file). Everything else keeps Vitest's own order.
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Slowest first, from the per-file seconds of full runs (docs/testing.md). */
const LONGEST = ['eventNight.e2e.test.ts', 'chaos.e2e.test.ts', 'organiser.e2e.test.ts', 'deadTaps.e2e.test.ts', 'eventday.e2e.test.ts', 'install.e2e.test.ts', 'civic.e2e.test.ts', 'serverTruth.e2e.test.ts', 'sync.e2e.test.ts', 'newcomer.e2e.test.ts', 'awards.e2e.test.ts', 'polls.e2e.test.ts'];

const rank = (spec: TestSpecification): number => {
  const i = LONGEST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i === -1 ? LONGEST.length : i;
};

/**
 * Vitest's own sequencer, loaded when tests run (vitest.config.ts names this class, and a production build should
 * not load the test runner), with the e2e files reordered.
 */
export default class LongestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.base()).sort(files);
    // Only the e2e files move, among the places they already hold (after the integration files); the sort is
    // stable, so within a rank Vitest's order stays.
    const isE2e = (spec: TestSpecification) => spec.project.name === 'e2e';
    const e2e = sorted.filter(isE2e).sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((spec) => (isE2e(spec) ? e2e[next++]! : spec));
  }
}
