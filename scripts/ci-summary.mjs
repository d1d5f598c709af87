// Adds up the JSON reports of a CI run into one closing line: "N passed, N failed, N skipped", after the slowest
// files of each report (where CI's 90 minutes go).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  console.log(`  ${file}: the slowest files`);
  for (const [name, ms] of slowest(report))
    console.log(`    ${(ms / 1000).toFixed(0).padStart(5)} s  ${name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

/** A report's five slowest files and their time: a Playwright file's tests added up, a Vitest file start to end. */
function slowest(report) {
  const times = new Map();
  if (report.suites) {
    const add = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          for (const result of test.results ?? [])
            times.set(file, (times.get(file) ?? 0) + (result.duration ?? 0));
        }
      }
      for (const child of suite.suites ?? []) add(child, file);
    };
    for (const suite of report.suites) add(suite, suite.file ?? suite.title);
  } else {
    for (const result of report.testResults ?? []) {
      times.set(path.relative(process.cwd(), result.name), (result.endTime ?? 0) - (result.startTime ?? 0));
    }
  }
  return [...times].sort((a, b) => b[1] - a[1]).slice(0, 5);
}
