import { writeFile } from 'node:fs/promises';

/** How often a ready worker touches its heartbeat file (the compose healthcheck allows three misses). */
export const HEARTBEAT_EVERY_MS = 10_000;

/**
 * Touches `file` now and every HEARTBEAT_EVERY_MS while `ready()` says the worker can take jobs (its
 * Redis connection is up), so a container healthcheck can tell a working worker from a stuck one by
 * the file's age (docker-compose.yml). Answers a function that stops it.
 */
export function startHeartbeat(
  file: string,
  ready: () => boolean,
  log: (message: string, err?: unknown) => void,
): () => void {
  let warned = false;
  const beat = async () => {
    if (!ready()) return;
    try {
      await writeFile(file, `${new Date().toISOString()}\n`);
      warned = false;
    } catch (err) {
      if (!warned) log(`cannot write the heartbeat file ${file}`, err);
      warned = true;
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
