// Adds up the JSON reports of the CI run's test suites and prints one closing line,
// 'N passed, N failed', that any reader of the CI log can rely on.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright: flaky tests passed on retry and count as passed.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${report.stats.expected + report.stats.flaky} passed, ${report.stats.unexpected} failed`);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
