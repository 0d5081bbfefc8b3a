import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** How long a server child may take to say it listens. */
const START_TIMEOUT_MS = 60_000;

/** A server running in a child process of its own (so the load generator never shares its event loop). */
export interface ChildServer {
  url: string;
  /** Its process id. */
  pid: number;
  /** What it printed so far. */
  output: () => string;
  /** Writes a line to its standard input. */
  send: (line: string) => void;
  /** Resolves once it prints a line matching `pattern` after this call. */
  printsNext: (pattern: RegExp) => Promise<void>;
  /** Stops it with SIGTERM (a graceful shutdown) and answers its exit code (0: it ended cleanly). */
  stop: () => Promise<number | null>;
}

/**
 * Resolves once `child` prints text matching `pattern` after the first `from` characters of its
 * output so far (`output()`); rejects if it exits first, or after `timeoutMs` when given.
 */
function waitForOutput(
  child: ChildProcess,
  output: () => string,
  from: number,
  pattern: RegExp,
  what: string,
  timeoutMs?: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => done(new Error(`${what} did not start`)), timeoutMs);
    const onData = () => {
      if (pattern.test(output().slice(from))) done();
    };
    const onExit = (code: number | null) => done(new Error(`${what} exited with ${code}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Resolves once `answers()` is true (asked every 100 ms); rejects if `child` exits first, or after `timeoutMs`. */
async function waitUntil(child: ChildProcess, answers: () => Promise<boolean>, what: string, timeoutMs: number) {
  const started = Date.now();
  while (!(await answers())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `url` answers 200 (connection refused or any other status: false). */
async function answersOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Spawns `args` under node with `env` (in `cwd`, else this directory), and waits until it prints
 * `ready` (a pattern) or `ready()` answers true.
 */
async function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp | (() => Promise<boolean>),
  url: string,
  cwd?: string,
): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd,
  });
  let printed = '';
  // Registered first, so every listener below sees the chunk already appended.
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;
  const what = args.join(' ');
  // A bench that dies on the way leaves no server behind.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  child.once('exit', () => process.off('exit', onExit));
  if (ready instanceof RegExp) await waitForOutput(child, output, 0, ready, what, START_TIMEOUT_MS);
  else await waitUntil(child, ready, what, START_TIMEOUT_MS);
  return {
    url,
    pid: child.pid!,
    output,
    send: (line) => child.stdin!.write(`${line}\n`),
    printsNext: (pattern) => waitForOutput(child, output, printed.length, pattern, what),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

/** The raw node:http server the API is compared with: it answers every request `hello`. */
export function startHello(port: number): Promise<ChildServer> {
  const code = `require('node:http').createServer((q, s) => s.end('hello')).listen(${port}, () => console.log('hello ready'))`;
  return spawnServer(['-e', code], {}, /hello ready/, `http://127.0.0.1:${port}`);
}

/** Where a bench API runs from, and how. */
export interface ApiChildOptions {
  /** A checkout of another version of the code (e.g. a baseline); default this one. */
  root?: string;
  /** Writes a CPU profile (node --cpu-prof) into this directory when the API stops. */
  profileDir?: string;
  /** Variables set over the bench's own (e.g. LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The API (api/src/server.ts, the production entry point) on `databaseUrl`, rate limits lifted; from
 * the checkout at `options.root` when given, else this one. Logging and metrics stay at their
 * defaults (LOG_LEVEL info, the request log's policy of runtime/src/config.ts), as a deployment runs.
 */
export function startApiChild(
  port: number,
  databaseUrl: string,
  redisUrl: string,
  redisPrefix: string,
  options: ApiChildOptions = {},
): Promise<ChildServer> {
  const profileDir = options.profileDir ?? (process.env.BENCH_PROFILE ? '/tmp/prof' : undefined);
  return spawnServer(
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'api/src/server.ts'],
    {
      // As a deployment runs: production skips the answer checks of development (api/src/contracts/pipeline.ts).
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-not-for-any-deployment',
      PORT: String(port),
      // The origin the bench's writes come from (measure.ts sends it as Origin).
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: 'true',
      RATE_LIMIT_MULTIPLIER: '1000000',
      SEED_DEMO: 'false',
      ...options.env,
    },
    // Ready once it answers (whatever its LOG_LEVEL lets it print).
    () => answersOk(`http://127.0.0.1:${port}/api/health/live`),
    `http://127.0.0.1:${port}`,
    options.root,
  );
}

/**
 * The board recomputes as the worker runs them under a steady stream of votes (recomputer.ts), in a
 * process of its own like the worker. pause() waits until the recompute in progress is over and holds
 * the recomputes (its votes go on), resume() lets them go on; stop() ends it; `durations()` then answers how long each
 * round of every board took.
 */
export async function startRecomputer(
  databaseUrl: string,
): Promise<ChildServer & { pause: () => Promise<void>; resume: () => void; durations: () => number[] }> {
  const child = await spawnServer(
    ['--import', 'tsx', 'scripts/bench/recomputer.ts', databaseUrl],
    {},
    /recomputer ready/,
    '',
  );
  return {
    ...child,
    async pause() {
      const paused = child.printsNext(/^paused$/m);
      child.send('pause');
      await paused;
    },
    resume: () => child.send('resume'),
    durations() {
      const last = child.output().trim().split('\n').pop() ?? '';
      return last.startsWith('{') ? (JSON.parse(last) as { durationsMs: number[] }).durationsMs : [];
    },
  };
}

/**
 * HTTP stand-ins of hosted projects, in a child process: one server per address 127.0.0.(10+k) on
 * port 3801+k (k < `hosts`), each answering every request 200 after `delayMs` (a hosted project's
 * answer time). Distinct loopback addresses are distinct hosts to the checks' per-host limit (which
 * counts by host name, not port).
 */
export async function startStandIns(hosts: number, delayMs = 0): Promise<ChildServer & { hosts: string[] }> {
  if (hosts < 1 || hosts > 99) throw new Error('between 1 and 99 stand-ins (ports 3801-3899)');
  const list = Array.from({ length: hosts }, (_, k) => `127.0.0.${10 + k}:${3801 + k}`);
  const code = `
    const http = require('node:http');
    const list = ${JSON.stringify(list)};
    let listening = 0;
    for (const entry of list) {
      const [host, port] = entry.split(':');
      http.createServer((q, s) => ${delayMs > 0 ? `setTimeout(() => s.end('up'), ${Number(delayMs)})` : `s.end('up')`}).listen(Number(port), host, () => {
        if (++listening === list.length) console.log('stand-ins ready');
      });
    }`;
  const child = await spawnServer(['-e', code], {}, /stand-ins ready/, `http://${list[0]}`);
  return { ...child, hosts: list };
}

/**
 * The webhooks bench's receiver (webhook-receiver.ts) on 127.0.0.1:`port`, in a child process: webhook
 * k posts to /hooks/k and signs with `secrets[k]`; `hookUrl(k)` is that address. Its commands (a delay,
 * counting, watching a delivery, the report) go through `send` and answer on its output.
 */
export async function startWebhookReceiver(
  port: number,
  secrets: readonly string[],
): Promise<ChildServer & { hookUrl: (k: number) => string }> {
  const url = `http://127.0.0.1:${port}`;
  const child = await spawnServer(
    ['--import', 'tsx', 'scripts/bench/webhook-receiver.ts', JSON.stringify({ port, secrets })],
    {},
    /receiver ready/,
    url,
  );
  return { ...child, hookUrl: (k) => `${url}/hooks/${k}` };
}
