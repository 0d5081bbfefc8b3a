/**
 * The suite's mixed load: visitors (list and detail reads, votes, contact messages with a copy by
 * mail, some in email mode, which also mails the admins), members (the same plus ratings, reports,
 * messages to other members; their copies go to their profile address) and admins (the message
 * list, and replies to members, each mailed as a notification). Each client is one loop, one request at
 * a time with a short think time, until stopped or its time bound passes.
 */
import type { Cluster } from './cluster';
import { HttpClient, REQUEST_TIMEOUT_MS, type RequestRecord } from './http';
import type { World } from './seed';
import type { MailKind, WriteLog } from './writes';

/** Shares of the clients: the rest are visitors. */
const MEMBER_SHARE = 0.25;
const ADMIN_SHARE = 0.02;
/** Replies pick among the newest member messages. */
const REPLYABLE_KEPT = 300;
const REPORT_REASONS = ['spam', 'offensive', 'copyright', 'inappropriate', 'other'] as const;

/** Where one scenario's figures go. */
export interface LoadSink {
  records: RequestRecord[];
  writes: WriteLog;
  /** Signed-in clients that signed in again after a 401 (their session was gone). */
  signInsAgain: number;
}

type Role = 'visitor' | 'member' | 'admin';

interface Client {
  role: Role;
  http: HttpClient;
  /** Members: their account (admins: the admin's). */
  user?: { id: number; username: string; password: string };
}

/** One thing a client does; answers the status of its request. */
type Action = (client: Client, sink: LoadSink) => Promise<number>;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const ok = (status: number) => status >= 200 && status < 300;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let visitorAddresses = 0;
/** A new visitor address for each vote (one vote per project and address). */
function nextVisitorIp(): string {
  visitorAddresses += 1;
  const n = visitorAddresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

let sequence = 0;
const text = (what: string) => {
  sequence += 1;
  return {
    subject: `${what} ${sequence}`,
    message: `A ${what.toLowerCase()} sent by the fault suite, number ${sequence}.`,
  };
};

/** The actions of each role with their weights, built on the world. */
function actions(world: World): Record<Role, Array<[number, Action]>> {
  const listPath = () =>
    pick([
      '/api/projects?offset=0&limit=6',
      '/api/projects?offset=6&limit=6&sort=votes',
      '/api/projects?offset=0&limit=6&sort=views',
      '/api/projects/trending?period=week',
      '/api/projects/leaderboard?timeRange=all',
    ]);
  const list: Action = async (c) => (await c.http.send('GET', listPath())).status;
  const detail: Action = async (c) => (await c.http.send('GET', `/api/projects/${pick(world.projects)}`)).status;
  const visitorVote: Action = async (c, sink) => {
    const projectId = pick(world.projects);
    const ip = nextVisitorIp();
    const { status } = await c.http.send('POST', `/api/projects/${projectId}/vote`, undefined, ip);
    if (ok(status)) sink.writes.visitorVotes.push({ projectId, ip });
    return status;
  };
  const memberVote: Action = async (c, sink) => {
    const projectId = pick(world.projects);
    const { status } = await c.http.send('POST', `/api/projects/${projectId}/vote`);
    if (ok(status)) sink.writes.memberVotes.push({ projectId, userId: c.user!.id });
    return status;
  };
  const contact =
    (member: boolean): Action =>
    async (c, sink) => {
      const emailMode = Math.random() < 1 / 3;
      const body = member
        ? {
            ...text('Member contact'),
            sendCopy: true,
            mode: emailMode ? 'email' : 'platform',
            ...(emailMode ? { senderEmail: `${c.user!.username}@faults.test` } : {}),
          }
        : {
            ...text('Visitor contact'),
            senderName: 'Visitor',
            senderEmail: `visitor${sequence}@faults.test`,
            sendCopy: true,
            mode: emailMode ? 'email' : 'platform',
          };
      const res = await c.http.send('POST', '/api/contact', body);
      if (!ok(res.status)) return res.status;
      const id = (res.body as { id: number }).id;
      // A member's confirmed address gets the copy; a visitor's first gets the confirmation link.
      const copy: MailKind = member ? 'contact-copy' : 'email-confirm';
      const mails: MailKind[] = emailMode ? [copy, 'contact-admin'] : [copy];
      sink.writes.messages.push({ id, mails });
      if (member) {
        world.replyable.push(id);
        if (world.replyable.length > REPLYABLE_KEPT) world.replyable.shift();
      }
      return res.status;
    };
  const rate: Action = async (c, sink) => {
    const projectId = pick(world.projects);
    const rating = 1 + Math.floor(Math.random() * 10);
    const res = await c.http.send('POST', `/api/projects/${projectId}/rate`, { rating });
    sink.writes.rating(projectId, c.user!.id, rating, res.status);
    return res.status;
  };
  const report: Action = async (c, sink) => {
    const res = await c.http.send('POST', `/api/projects/${pick(world.reportable)}/report`, {
      reason: pick(REPORT_REASONS),
      additionalDetails: 'Reported by the fault suite.',
    });
    if (ok(res.status)) sink.writes.reports.push((res.body as { id: number }).id);
    return res.status;
  };
  const direct: Action = async (c, sink) => {
    const others = world.members.filter((m) => m.id !== c.user!.id);
    const res = await c.http.send('POST', '/api/messages', {
      recipientUserId: pick(others).id,
      ...text('Direct message'),
    });
    if (ok(res.status)) sink.writes.messages.push({ id: (res.body as { id: number }).id, mails: [] });
    return res.status;
  };
  const box: Action = async (c) =>
    (await c.http.send('GET', pick(['/api/messages/unread-count', '/api/messages']))).status;
  const adminList: Action = async (c) => (await c.http.send('GET', '/api/admin/messages')).status;
  const reply: Action = async (c, sink) => {
    if (!world.replyable.length) return adminList(c, sink);
    const res = await c.http.send('POST', `/api/admin/messages/${pick(world.replyable)}/reply`, text('Admin reply'));
    if (ok(res.status)) sink.writes.messages.push({ id: (res.body as { id: number }).id, mails: ['admin-reply'] });
    return res.status;
  };
  return {
    visitor: [
      [35, list],
      [25, detail],
      [30, visitorVote],
      [5, contact(false)],
    ],
    member: [
      [15, list],
      [15, detail],
      [15, memberVote],
      [20, rate],
      [2, report],
      [8, contact(true)],
      [5, direct],
      [10, box],
    ],
    admin: [
      [50, adminList],
      [30, reply],
      [20, list],
    ],
  };
}

/** Picks an action by weight. */
function choose(weighted: Array<[number, Action]>): Action {
  const total = weighted.reduce((sum, [w]) => sum + w, 0);
  let r = Math.random() * total;
  for (const [w, action] of weighted) {
    r -= w;
    if (r < 0) return action;
  }
  return weighted[weighted.length - 1]![1];
}

/** Signs a client in; answers the status (2xx when signed in). */
async function signIn(client: Client): Promise<number> {
  const { username, password } = client.user!;
  return (await client.http.send('POST', '/api/auth/login', { username, password })).status;
}

/** Sign-ins at once before the load (each hashes a password: a burst would time out on a busy machine). */
const SIGN_IN_CONCURRENCY = 4;
/** Attempts of each sign-in before the load. */
const SIGN_IN_ATTEMPTS = 3;

/** Signs every client with an account in before the load; throws with the statuses when one cannot. */
async function signInAll(clients: Client[]): Promise<void> {
  const queue = clients.filter((c) => c.user);
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      for (let client = queue.shift(); client; client = queue.shift()) {
        let status = 0;
        for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS && !ok(status); attempt += 1) status = await signIn(client);
        if (!ok(status)) failures.push(`${client.user!.username}: ${status || 'no answer'}`);
      }
    }),
  );
  if (failures.length) throw new Error(`could not sign in: ${failures.join(', ')}`);
}

/** The clients of the whole run, signed in once, then driven scenario after scenario. */
export class LoadDriver {
  private sink: LoadSink = { records: [], writes: null as unknown as WriteLog, signInsAgain: 0 };

  private constructor(
    private readonly clients: Client[],
    private readonly table: Record<Role, Array<[number, Action]>>,
  ) {}

  /** Builds `count` clients spread over the api nodes and signs the members and admins in. */
  static async create(cluster: Cluster, world: World, count: number): Promise<LoadDriver> {
    const admins = Math.max(1, Math.round(count * ADMIN_SHARE));
    const members = Math.min(world.members.length, Math.max(2, Math.round(count * MEMBER_SHARE)));
    const clients: Client[] = [];
    const driver = new LoadDriver(clients, actions(world));
    for (let i = 0; i < count; i += 1) {
      const role: Role = i < admins ? 'admin' : i < admins + members ? 'member' : 'visitor';
      const http = new HttpClient(
        cluster.apiUrls,
        i % cluster.apiUrls.length,
        `172.16.${(i >> 8) & 255}.${i & 255}`,
        (r) => driver.sink.records.push(r),
      );
      const account =
        role === 'admin'
          ? { id: 0, username: cluster.admin.username }
          : role === 'member'
            ? world.members[i - admins]!
            : undefined;
      const password = role === 'admin' ? cluster.admin.password : world.memberPassword;
      clients.push({ role, http, user: account && { id: account.id, username: account.username, password } });
    }
    await signInAll(clients);
    return driver;
  }

  /** Runs every client until stop() (at most `maxMs`); their requests and writes go to `sink`. */
  start(sink: LoadSink, thinkMs: number, maxMs: number): { stop: () => Promise<void> } {
    this.sink = sink;
    const deadline = Date.now() + maxMs;
    let stopped = false;
    const loops = this.clients.map(async (client) => {
      // Clients arrive spread over one think time, not all in the same millisecond.
      await sleep(thinkMs * Math.random());
      while (!stopped && Date.now() < deadline) {
        const status = await choose(this.table[client.role])(client, sink);
        // A member whose session is gone (Redis lost it) signs in again, as a person would.
        if (client.user && status === 401) {
          sink.signInsAgain += 1;
          await signIn(client);
        }
        await sleep(thinkMs * (0.5 + Math.random()));
      }
    });
    return {
      async stop() {
        stopped = true;
        // Each loop ends after its current request (bounded by the request timeout) and think time.
        await Promise.race([Promise.all(loops), sleep(REQUEST_TIMEOUT_MS * 2 + thinkMs * 2)]);
      },
    };
  }
}
