import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOB } from '@vitrine/worker/job-names';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

/** The pushes a server sends, read from their type (domain/src/events.ts `ServerToClientEvents`). */
function serverPushes(): string[] {
  const source = read('domain/src/events.ts');
  const start = source.indexOf('export interface ServerToClientEvents {');
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}'([\w:]+)':/gm)].map(([, name]) => name!);
}

describe("the README's diagram and docs/architecture.md", () => {
  it('name every push the servers send, and no other', () => {
    const pushes = serverPushes();
    expect(pushes.length).toBeGreaterThan(10);
    const diagram = read('README.md');
    const shown = diagram.slice(diagram.indexOf('live pushes'), diagram.indexOf('Redis ──BullMQ'));
    // comment:created|updated|deleted names three.
    const named = new Set(
      [...shown.matchAll(/([a-zA-Z]+):((?:[a-zA-Z]+\|?)+)/g)].flatMap(([, subject, verbs]) =>
        verbs!.split('|').map((verb) => `${subject}:${verb}`),
      ),
    );
    expect([...named].sort()).toEqual([...pushes].sort());
  });

  it('list every job of the worker, and no other', () => {
    const architecture = read('docs/architecture.md');
    const table = architecture.slice(
      architecture.indexOf("The worker's jobs"),
      architecture.indexOf('Other names that say'),
    );
    const listed = [...table.matchAll(/^\| `([a-z-]+)`/gm)].map(([, name]) => name);
    expect(listed.sort()).toEqual(Object.values(JOB).sort());
  });
});
