// `npm test`: every stage in turn (typecheck, format check, lint, build, unit and API integration,
// browser end-to-end), stopping at the first that fails, then how long each took. Plain JavaScript,
// so it runs before anything is built.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['typecheck', 'typecheck'],
  ['format check', 'format:check'],
  ['lint', 'lint'],
  ['build', 'build'],
  ['unit and integration (vitest)', 'test:unit'],
  ['browser end-to-end (Playwright)', 'test:browser'],
];

const took = [];
let failed = null;
for (const [name, script] of STAGES) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  took.push([name, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = { name, status: run.status ?? 1 };
    break;
  }
}
const total = took.reduce((sum, [, seconds]) => sum + seconds, 0);
process.stdout.write('\nnpm test, stage by stage:\n');
for (const [name, seconds] of took)
  process.stdout.write(
    `  ${name.padEnd(34)} ${seconds.toFixed(0).padStart(5)} s  ${((100 * seconds) / total).toFixed(0).padStart(3)} %\n`,
  );
process.stdout.write(`  ${'total'.padEnd(34)} ${total.toFixed(0).padStart(5)} s\n`);
if (failed) {
  process.stdout.write(`\n${failed.name} failed (exit ${failed.status})\n`);
  process.exit(failed.status);
}
