/**
 * The webhooks bench's receiver (webhooks.ts), run in a child process of its own (servers.ts
 * startWebhookReceiver) so its work is not the worker's: a node:http server on 127.0.0.1 that checks
 * every delivery as docs/api.md "Verifying a delivery" tells a member to (the `Vitrine-Signature`
 * HMAC of "t.body" under the webhook's secret, its time within SIGNATURE_TOLERANCE_SECONDS, the body
 * JSON), answers 204, at once or after the delay set, and notes when each delivery arrived.
 * Argument: JSON `{ port, secrets }`; webhook k posts to /hooks/k and signs with secrets[k].
 * Commands on standard input, one a line: `delay MS`, `reset` (forgets the arrivals), `until N`
 * (prints `reached N` once N deliveries have been verified since the reset), `watch ID` (prints
 * `got ID AT` when delivery ID arrives), `report` (prints `report {verified, refused, arrivals}`).
 * Times are ms on the machine's clock (performance.timeOrigin + performance.now()), as the bench's.
 */
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createInterface } from 'node:readline';
import { WEBHOOK_HEADERS } from '../../domain/src/webhooks';

/** How far a delivery's signed time may be from the receiver's clock (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const { port, secrets } = JSON.parse(process.argv[2] ?? '{}') as { port: number; secrets: string[] };
const now = () => performance.timeOrigin + performance.now();

let delayMs = 0;
let verified = 0;
let refused = 0;
/** [delivery id, arrival time] of each verified delivery since the last reset. */
let arrivals: Array<[number, number]> = [];
let until: number | null = null;
const watched = new Set<number>();

/** Whether `header` signs `body` (the bytes as received) under `secret`, at a time within the tolerance. */
function verifies(secret: string, body: Buffer, header: string | undefined): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether `body` is a JSON object naming its event. */
function isPayload(body: Buffer): boolean {
  try {
    const payload = JSON.parse(body.toString('utf8')) as { event?: unknown };
    return typeof payload.event === 'string';
  } catch {
    return false;
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const secret = secrets[Number(/^\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1)];
    const signature = req.headers[WEBHOOK_HEADERS.signature.toLowerCase()];
    if (
      req.method !== 'POST' ||
      secret === undefined ||
      !verifies(secret, body, typeof signature === 'string' ? signature : undefined) ||
      !isPayload(body)
    ) {
      refused += 1;
      res.writeHead(400).end();
      return;
    }
    const at = now();
    const id = Number(req.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]);
    arrivals.push([id, at]);
    verified += 1;
    if (watched.delete(id)) console.log(`got ${id} ${at}`);
    if (until !== null && verified >= until) {
      console.log(`reached ${verified}`);
      until = null;
    }
    const answer = () => res.writeHead(204).end();
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, value] = line.trim().split(' ');
  if (command === 'delay') delayMs = Number(value);
  else if (command === 'reset') {
    verified = 0;
    refused = 0;
    arrivals = [];
    until = null;
  } else if (command === 'until') {
    until = Number(value);
    if (verified >= until) {
      console.log(`reached ${verified}`);
      until = null;
    }
  } else if (command === 'watch') watched.add(Number(value));
  else if (command === 'report') console.log(`report ${JSON.stringify({ verified, refused, arrivals })}`);
});

server.listen(port, '127.0.0.1', () => console.log('receiver ready'));
