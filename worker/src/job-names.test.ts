import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import { loadConfig } from '@vitrine/runtime/config';
import { QUEUE_NAMES } from '@vitrine/runtime/queues';
import { WORKER_DEFAULTS } from './context';
import { TASKS_BY_QUEUE } from './index';
import { JOB, JOB_QUEUES } from './job-names';
import { schedules } from './schedules';

const ARCHITECTURE = readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');

/** The rows of the markdown table whose header row starts with `| <first> |` (cells trimmed, backticks dropped). */
function tableRows(markdown: string, first: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  expect(start, `a table headed ${first} in docs/architecture.md`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/`/g, '')),
    );
  }
  return rows;
}

const entries = (pairs: Array<[string, string]>) => pairs.map(([a, b]) => `${a} on ${b}`).sort();

describe("docs/architecture.md's worker jobs", () => {
  it('lists every job of job-names.ts on its queue, and no other', () => {
    const documented = tableRows(ARCHITECTURE, 'Job').map(([job, queue]) => [job!, queue!] as [string, string]);
    expect(entries(documented)).toEqual(entries(Object.entries(JOB_QUEUES)));
  });

  it('lists every schedule of schedules.ts with its job, and no other', () => {
    const documented = tableRows(ARCHITECTURE, 'Schedule').map(([id, job]) => [id!, job!] as [string, string]);
    const config = loadConfig({});
    const settings = { ...WORKER_DEFAULTS, ...config.worker };
    expect(entries(documented)).toEqual(entries(schedules(settings, config).map((s) => [s.id, s.job])));
  });

  it('names the queues of QUEUE_NAMES', () => {
    for (const name of QUEUE_NAMES) expect(ARCHITECTURE).toContain(name);
  });
});

describe('job names and the tasks that run them', () => {
  it('has one task for each job name, run by the queue the job is on', () => {
    const run = Object.entries(TASKS_BY_QUEUE).flatMap(([queue, tasks]) =>
      tasks.map((task) => [task.name, queue] as [string, string]),
    );
    expect(entries(run)).toEqual(entries(Object.entries(JOB_QUEUES)));
    expect(new Set(Object.values(JOB)).size).toBe(Object.keys(JOB_QUEUES).length);
  });
});
