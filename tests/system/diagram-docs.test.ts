import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

/** The pushes a server sends, read from their type (domain/src/events.ts `ServerToClientEvents`). */
function serverPushes(): string[] {
  const source = read('domain/src/events.ts');
  const start = source.indexOf('export interface ServerToClientEvents {');
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}'([\w:]+)':/gm)].map(([, name]) => name!);
}

// The worker's jobs and schedules in docs/architecture.md are checked by worker/src/job-names.test.ts.
describe("the README's diagram", () => {
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
});
