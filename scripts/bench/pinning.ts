import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * CPU pinning for the bench's recompute measure. In production the database (and the worker) run on
 * machines of their own, so a recompute's work in PostgreSQL never takes the CPU an API node answers
 * with; on the bench's one 2-core machine they share it. Pinning the database server and the
 * recomputer to one core and the API and the load generator to the other emulates that topology.
 */

/** `pid` and every process under it. */
export function withDescendants(pid: number): number[] {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return all;
}

/** The postmaster's pid of the cluster in `dataDir` (first line of postmaster.pid), or null. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Sets the CPUs (taskset list, e.g. "1" or "0-1") of `pids` and all their threads; false when taskset failed. */
export function setCpus(pids: number[], cpus: string): boolean {
  let ok = true;
  for (const pid of pids)
    ok = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0 && ok;
  return ok;
}

/** Every CPU of the machine, as a taskset list. */
export const ALL_CPUS = `0-${availableParallelism() - 1}`;
