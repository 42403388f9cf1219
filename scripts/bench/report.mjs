// Collects every figure, prints the `[bench] …` lines and writes docs/benchmarks.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';

export class Report {
  constructor() {
    this.rows = [];
    this.notes = [];
    this.findings = [];
    this.failingAudits = [];
    this.errors = [];
    this.started = new Date();
  }

  /**
   * One result line. `verdict` is 'PASS' | 'MISS' | 'INFO' (INFO: a figure the issue sets no goal for).
   * Printed as `[bench] <name>: <figure> … ratio <x> (goal <g>) PASS|MISS`.
   */
  add({ section, name, figure, ratio = '—', goal = '—', verdict = 'INFO' }) {
    const row = { section, name, figure, ratio, goal, verdict };
    this.rows.push(row);
    console.log(`[bench] ${name}: ${figure} … ratio ${ratio} (goal ${goal}) ${verdict}`);
    return row;
  }

  /** A likely cause of a MISS, shown under the section's table. */
  finding(section, text) {
    this.findings.push({ section, text });
    console.log(`[bench]   likely cause: ${text}`);
  }

  note(section, text) {
    this.notes.push({ section, text });
    console.log(`[bench]   note: ${text}`);
  }

  error(section, err) {
    const text = err instanceof Error ? err.message : String(err);
    this.errors.push({ section, text });
    console.error(`[bench] ${section}: FAILED TO MEASURE — ${text.split('\n')[0]}`);
  }

  summary() {
    const pass = this.rows.filter((r) => r.verdict === 'PASS').length;
    const miss = this.rows.filter((r) => r.verdict === 'MISS').length;
    return { pass, miss, info: this.rows.length - pass - miss, errors: this.errors.length };
  }

  markdown({ command, chromium, durationMs }) {
    const esc = (s) => String(s).replace(/\|/g, '\\|');
    const lines = [];
    const s = this.summary();
    lines.push('# Benchmarks');
    lines.push('');
    lines.push('Written by `scripts/bench.mjs` (issue #8). Figures and ratios from one run on one machine — not timed unit tests;');
    lines.push('rerun them before drawing conclusions, and compare ratios rather than absolute milliseconds between machines.');
    lines.push('What was tried by hand to move a figure, kept or not, is in [benchmark-notes.md](benchmark-notes.md) (written by hand:');
    lines.push('this file is rewritten by every run, that one is not).');
    lines.push('');
    lines.push(`- **Date:** ${this.started.toISOString()}`);
    lines.push(`- **Machine:** ${os.cpus().length} cores (nproc ${os.availableParallelism?.() ?? os.cpus().length}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}`);
    lines.push(`- **Node:** ${process.version} · **Browser:** ${chromium}`);
    lines.push(`- **Command:** \`${command}\` (${(durationMs / 1000).toFixed(0)} s)`);
    lines.push(`- **Result:** ${s.pass} PASS, ${s.miss} MISS, ${s.info} informational${s.errors ? `, ${s.errors} section(s) could not be measured` : ''}`);
    lines.push('');
    let section = null;
    for (const r of this.rows) {
      if (r.section !== section) {
        section = r.section;
        lines.push('');
        lines.push(`## ${section}`);
        lines.push('');
        for (const n of this.notes.filter((x) => x.section === section)) lines.push(`- ${n.text}`);
        if (this.notes.some((x) => x.section === section)) lines.push('');
        lines.push('| measure | figure | ratio | goal | verdict |');
        lines.push('| --- | --- | --- | --- | --- |');
      }
      lines.push(`| ${esc(r.name)} | ${esc(r.figure)} | ${esc(r.ratio)} | ${esc(r.goal)} | ${r.verdict === 'MISS' ? '**MISS**' : r.verdict} |`);
      const next = this.rows[this.rows.indexOf(r) + 1];
      const findings = this.findings.filter((f) => f.section === section);
      if ((!next || next.section !== section) && findings.length) {
        lines.push('');
        lines.push('Likely causes:');
        lines.push('');
        for (const f of findings) lines.push(`- ${f.text}`);
      }
    }
    for (const sec of new Set(this.notes.map((n) => n.section))) {
      if (this.rows.some((r) => r.section === sec)) continue;
      lines.push('');
      lines.push(`## ${sec}`);
      lines.push('');
      for (const n of this.notes.filter((x) => x.section === sec)) lines.push(`- ${n.text}`);
    }
    if (this.failingAudits.length) {
      lines.push('');
      lines.push('## Lighthouse audits below the goal');
      lines.push('');
      lines.push('Every audit that scored below 1 (accessibility, best practices, SEO) or below 0.9 (performance) on a page whose');
      lines.push('category missed its goal.');
      lines.push('');
      lines.push('| page | category | audit id | title | score | detail | likely cause in the app |');
      lines.push('| --- | --- | --- | --- | --- | --- | --- |');
      for (const a of this.failingAudits) {
        lines.push(`| ${esc(a.page)} | ${a.category} | \`${a.id}\` | ${esc(a.title)} | ${a.score ?? '—'} | ${esc(a.detail ?? '')} | ${esc(a.cause ?? '')} |`);
      }
    }
    if (this.errors.length) {
      lines.push('');
      lines.push('## Not measured');
      lines.push('');
      for (const e of this.errors) lines.push(`- **${e.section}:** ${esc(e.text.split('\n')[0])}`);
    }
    lines.push('');
    lines.push('## How to run');
    lines.push('');
    lines.push('`npm run bench` runs every section (15–21 minutes on this 2-core machine); `npm run bench:sync` runs only the sync');
    lines.push('throughput. The script builds `dist-bench/` against emulators on ports 8580/9500, serves it with `vite preview` on');
    lines.push('127.0.0.1:4191 (4190, the port first planned, is on the Fetch standard\'s blocked-ports list, so browsers refuse it), drives Debian\'s Chromium, and stops everything it started, also on failure or Ctrl-C.');
    lines.push('`BENCH_ONLY=size,lighthouse,offline,durability,sync,analytics,firstvisit,night,search` picks sections; `BENCH_SKIP_BUILD=1` reuses `dist-bench/`;');
    lines.push('`BENCH_LH_RUNS=n` sets the Lighthouse runs per page (default 5, median reported); `BENCH_LHR_DIR=dir` keeps every full');
    lines.push('Lighthouse report as JSON.');
    lines.push('Two builds\' offline repeat visits in turns, for a before/after that this machine\'s noise does not decide:');
    lines.push('`node scripts/bench/offline-ab.mjs A=<distDir>[@<repoRoot>] B=<distDir>[@<repoRoot>]` (docs/benchmark-notes.md, "measured in turns").');
    lines.push('What a five-line offline worker reaches with the app\'s own pages, beside the app, in turns (the floor for section 3):');
    lines.push('`node scripts/bench/offline-floor.mjs [distDir]` (docs/benchmark-notes.md, "The floor: a five-line worker with the same pages").');
    lines.push('');
    return lines.join('\n');
  }

  write(file, meta) {
    writeFileSync(file, this.markdown(meta));
  }
}
