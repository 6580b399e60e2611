// Adds up the JSON reports of the CI's test runs (vitest and Playwright) into one closing line, after a
// line per run with its wall time, so a suite growing slow shows in every CI log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;

/** Seconds from vitest's start (global set-up included) to the end of its last test file. */
function vitestSeconds(report) {
  const lastEnd = Math.max(report.startTime, ...report.testResults.map((file) => file.endTime ?? 0));
  return (lastEnd - report.startTime) / 1000;
}

function countPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'skipped') skipped++;
      else if (test.status === 'expected' || test.status === 'flaky') passed++;
      else failed++;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

for (const name of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(
      `${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${vitestSeconds(report).toFixed(0)} s`,
    );
  } else {
    const before = { passed, failed };
    for (const suite of report.suites ?? []) countPlaywright(suite);
    const seconds = (report.stats?.duration ?? 0) / 1000;
    console.log(
      `${name}: ${passed - before.passed} passed, ${failed - before.failed} failed in ${seconds.toFixed(0)} s`,
    );
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
