// `npm test`: every stage (typecheck, format check, lint, build, unit and API integration, browser
// end-to-end), stopping after the first group in which one fails, then how long each took. Plain
// JavaScript, so it runs before anything is built.
//
// The checks and the build need nothing from each other, so they run at once: on two cores the four
// take about as long as the slowest two in turn (tsc, prettier and eslint are mostly one thread each).
// Their output is kept and printed whole as each ends, so lines of two tools never interleave. The
// tests run after them, one stage at a time: vitest and Playwright each keep both cores busy.
import { spawn } from 'node:child_process';

/** The stages, as groups run one after another; the stages of a group run at once. */
const GROUPS = [
  [
    ['typecheck', 'typecheck'],
    ['format check', 'format:check'],
    ['lint', 'lint'],
    ['build', 'build'],
  ],
  [['unit and integration (vitest)', 'test:unit']],
  [['browser end-to-end (Playwright)', 'test:browser']],
];

/**
 * Runs `npm run <script>` and resolves with its exit status and seconds taken. Alone, its output goes
 * straight through; beside others (`kept`), it is printed in one block, headed by `name`, once it ends.
 */
function runStage(name, script, kept) {
  const started = performance.now();
  const child = spawn('npm', ['run', script], { stdio: kept ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (kept) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    child.once('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.once('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code ?? (signal ? 1 : 0);
      if (kept) {
        process.stdout.write(`\n--- ${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, status, seconds });
    });
  });
}

const started = performance.now();
const took = [];
let failed = null;
for (const group of GROUPS) {
  const kept = group.length > 1;
  if (kept) process.stdout.write(`\nAt once: ${group.map(([name]) => name).join(', ')}\n`);
  // The first to fail, in the order they ended; the others of its group still finish, so one run
  // reports every check that fails.
  const results = await Promise.all(
    group.map(([name, script]) =>
      runStage(name, script, kept).then((result) => {
        if (result.status !== 0 && !failed) failed = result;
        return result;
      }),
    ),
  );
  took.push({ group: results.map(({ name, seconds }) => [name, seconds]) });
  if (failed) break;
}
const total = (performance.now() - started) / 1000;
process.stdout.write('\nnpm test, stage by stage (stages bracketed together ran at once):\n');
for (const { group } of took)
  group.forEach(([name, seconds], i) => {
    const bracket = group.length === 1 ? ' ' : i === 0 ? '┌' : i === group.length - 1 ? '└' : '│';
    process.stdout.write(
      `${bracket} ${name.padEnd(34)} ${seconds.toFixed(0).padStart(5)} s  ${((100 * seconds) / total).toFixed(0).padStart(3)} %\n`,
    );
  });
process.stdout.write(`  ${'total (wall clock)'.padEnd(34)} ${total.toFixed(0).padStart(5)} s\n`);
if (failed) {
  process.stdout.write(`\n${failed.name} failed (exit ${failed.status})\n`);
  process.exit(failed.status);
}
