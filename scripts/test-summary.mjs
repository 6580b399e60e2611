// Adds up the JSON reports of the CI's test runs (vitest and Playwright) into one closing line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;

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
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    const before = { passed, failed };
    for (const suite of report.suites ?? []) countPlaywright(suite);
    console.log(`${name}: ${passed - before.passed} passed, ${failed - before.failed} failed`);
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
