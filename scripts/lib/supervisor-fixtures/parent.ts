/**
 * A supervisor process for the parent-death test: supervises one idle child and prints its pid as
 * one JSON line, then waits to be killed (with SIGKILL, so it cannot stop the child itself).
 */
import { fileURLToPath } from 'node:url';
import { startSupervisor } from '../supervisor';

const child = fileURLToPath(new URL('./child.ts', import.meta.url));
startSupervisor([{ name: 'child', script: child }], {
  log: () => {},
  onStart: (_name, pid) => console.log(JSON.stringify({ childPid: pid })),
});
