/**
 * The traffic the integrity simulator replays (docs/security.md "The integrity simulator"): honest
 * members and visitors, and each adversary strategy, as plain events in simulated time. Everything is
 * drawn from one seeded generator, so a seed gives the same traffic every run.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A deterministic generator in [0, 1) (mulberry32). */
export function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The adversary strategies, each measured on its own. */
export const STRATEGIES = [
  'burst',
  'straggler',
  'staggeredAges',
  'binStraddling',
  'slowRing',
  'hiddenRing',
  'impressionFlood',
] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** An account to make: who it belongs to (honest or a strategy), when it was made and from which network. */
export interface SimAccount {
  key: number;
  owner: 'honest' | Strategy;
  joined: number;
  network: string;
}

/** A project to make: its popularity weight (honest votes pick by it) and when it was submitted. */
export interface SimProject {
  key: number;
  weight: number;
  created: number;
}

/** A vote (an account's, or a visitor's with its address) or a strip view (impressions) at `at`. */
export type SimEvent =
  | { kind: 'vote'; at: number; account: number; project: number; network: string }
  | { kind: 'visitorVote'; at: number; project: number; network: string; ip: string; owner: 'honest' | Strategy }
  | { kind: 'view'; at: number; account: number | null; ip: string; network: string; project: number | null };

export interface Traffic {
  start: number;
  end: number;
  accounts: SimAccount[];
  projects: SimProject[];
  events: SimEvent[];
  /** The projects impression floods aim at (they must stay in New & rising). */
  floodTargets: number[];
}

export interface TrafficOptions {
  seed: number;
  members: number;
  days: number;
  /** Instances of each adversary strategy. */
  rings: number;
  end: number;
}

/** Hourly weights of activity over a UTC day: quiet at night, busy in the evening. */
const RHYTHM = [2, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 9, 9, 8, 8, 8, 9, 10, 11, 11, 9, 6, 4];

/** Builds the traffic of one run. */
export function makeTraffic(opts: TrafficOptions): Traffic {
  const rnd = generator(opts.seed);
  const start = opts.end - opts.days * DAY;
  const t: Traffic = { start, end: opts.end, accounts: [], projects: [], events: [], floodTargets: [] };
  const sim = new Sim(t, rnd);
  sim.catalogue(opts.days);
  sim.honest(opts.members, opts.days);
  for (let r = 0; r < opts.rings; r += 1) sim.adversaries(r);
  t.events.sort((a, b) => a.at - b.at);
  return t;
}

/** The builder of one run's traffic. */
class Sim {
  private popular: number[] = [];
  private cumulative: number[] = [];
  private nets = 0;

  constructor(
    private t: Traffic,
    private rnd: () => number,
  ) {}

  /** A /24 nobody else has. */
  network(): string {
    this.nets += 1;
    return `10.${(this.nets >> 8) & 255}.${this.nets & 255}.0/24`;
  }

  account(owner: SimAccount['owner'], joined: number, network: string): number {
    const key = this.t.accounts.length;
    this.t.accounts.push({ key, owner, joined, network });
    return key;
  }

  project(weight: number, created: number): number {
    const key = this.t.projects.length;
    this.t.projects.push({ key, weight, created });
    return key;
  }

  /** A time on day `day` of the run, drawn from the daily rhythm. */
  rhythmTime(day: number): number {
    const total = RHYTHM.reduce((a, b) => a + b, 0);
    let pick = this.rnd() * total;
    let hour = 0;
    while (pick > RHYTHM[hour]!) pick -= RHYTHM[hour++]!;
    return this.t.start + day * DAY + hour * HOUR + this.rnd() * HOUR;
  }

  /** 300 older projects with Zipf popularity (exponent 1.1), and two new ones a day for New & rising. */
  catalogue(days: number) {
    for (let i = 0; i < 300; i += 1)
      this.popular.push(this.project(1 / (i + 1) ** 1.1, this.t.start - (10 + this.rnd() * 300) * DAY));
    let sum = 0;
    this.cumulative = this.popular.map((p) => (sum += this.t.projects[p]!.weight));
    for (let d = 0; d < days; d += 1)
      for (let k = 0; k < 2; k += 1) this.popular.push(this.project(0.05, this.rhythmTime(d)));
  }

  /** A project drawn by popularity among the older ones. */
  pick(): number {
    const x = this.rnd() * this.cumulative.at(-1)!;
    let lo = 0;
    while (this.cumulative[lo]! < x) lo += 1;
    return this.popular[lo]!;
  }

  /** Honest members (varied ages, a few sharing a network, some in groups of friends), visitors and strip views. */
  honest(members: number, days: number) {
    const ids: number[] = [];
    let shared: string | null = null;
    for (let i = 0; i < members; i += 1) {
      const fresh = this.rnd() < 0.15;
      const joined = fresh
        ? this.t.start + (this.rnd() * days - 3) * DAY
        : this.t.start - (30 + this.rnd() * 870) * DAY;
      // One in twelve shares the previous member's network (a household, an office, a school).
      const network: string = shared && this.rnd() < 1 / 12 ? shared : this.network();
      shared = network;
      ids.push(this.account('honest', joined, network));
    }
    const friends = this.friends(ids);
    for (const id of ids) this.memberVotes(id, days, friends.get(id) ?? []);
    this.visitors(days);
    this.views(ids, days);
  }

  /** Groups of two or three members (a fifth of them) who really vote together. */
  friends(ids: number[]): Map<number, number[]> {
    const groups = new Map<number, number[]>();
    for (let i = 0; i + 3 < ids.length; i += 15) {
      const group = ids.slice(i, i + (this.rnd() < 0.5 ? 2 : 3));
      for (const id of group)
        groups.set(
          id,
          group.filter((o) => o !== id),
        );
    }
    return groups;
  }

  /** A member's votes: about one every other day (some much more active), by popularity; friends follow a shared one within hours. */
  memberVotes(id: number, days: number, friends: number[]) {
    const a = this.t.accounts[id]!;
    const rate = 0.5 * (this.rnd() < 0.1 ? 6 : 1) * (0.5 + this.rnd());
    const voted = new Set<number>();
    for (let d = 0; d < days; d += 1) {
      let n = 0;
      for (let x = this.rnd(); x > Math.exp(-rate); x *= this.rnd()) n += 1;
      for (let k = 0; k < n; k += 1) {
        const at = this.rhythmTime(d);
        const project = this.pick();
        if (at < a.joined || voted.has(project)) continue;
        voted.add(project);
        this.t.events.push({ kind: 'vote', at, account: id, project, network: a.network });
        if (friends.length === 0 || this.rnd() > 0.4) continue;
        for (const f of friends)
          if (this.rnd() < 0.7) {
            const fa = this.t.accounts[f]!;
            this.t.events.push({
              kind: 'vote',
              at: at + this.rnd() * 8 * HOUR,
              account: f,
              project,
              network: fa.network,
            });
          }
      }
    }
  }

  /** 1,500 visitor votes a day: most from networks of their own, a third from 40 big shared networks. */
  visitors(days: number) {
    const big = Array.from({ length: 40 }, () => this.network());
    let n = 0;
    for (let d = 0; d < days; d += 1)
      for (let k = 0; k < 1500; k += 1) {
        n += 1;
        const network = this.rnd() < 1 / 3 ? big[Math.floor(this.rnd() * big.length)]! : this.network();
        const ip = `${network.replace('.0/24', '')}.${n % 250}#${n}`;
        this.t.events.push({
          kind: 'visitorVote',
          at: this.rhythmTime(d),
          project: this.pick(),
          network,
          ip,
          owner: 'honest',
        });
      }
  }

  /** 400 strip views a day, by members and by visitors: each marks the cards of the viewer's strip as seen. */
  views(ids: number[], days: number) {
    for (let d = 0; d < days; d += 1)
      for (let k = 0; k < 400; k += 1) {
        const member = this.rnd() < 0.5 ? ids[Math.floor(this.rnd() * ids.length)]! : null;
        const network = member === null ? this.network() : this.t.accounts[member]!.network;
        const at = this.rhythmTime(d);
        if (member !== null && at < this.t.accounts[member]!.joined) continue;
        this.t.events.push({ kind: 'view', at, account: member, ip: `${network}#${d}:${k}`, network, project: null });
      }
  }

  /** One instance of each adversary strategy, the r-th, at its own times. */
  adversaries(r: number) {
    const day = (d: number) => this.t.start + d * DAY;
    const when = (d: number) => day(d) + (6 + this.rnd() * 12) * HOUR;
    const last = (this.t.end - this.t.start) / DAY;
    const at = (d: number) => when(Math.min(d, last - 1));
    this.networkRing(
      'burst',
      6,
      at(r % last),
      (i, t0) => t0 + i * 50_000,
      () => 0,
    );
    this.networkRing(
      'straggler',
      5,
      at((r + 1) % last),
      (i, t0) => (i === 0 ? t0 + (r % 2 ? 1 : -1) * (20 + 20 * this.rnd()) * MINUTE : t0 + i * MINUTE),
      () => 0,
    );
    this.networkRing(
      'staggeredAges',
      5,
      at((r + 2) % last),
      (i, t0) => t0 + i * 2 * MINUTE,
      (i) => i * (20 + this.rnd() * 20) * HOUR,
    );
    this.binStraddling(at((r + 3) % last));
    this.slowRing(r);
    this.hiddenRing(r);
    this.impressionFlood(at(Math.max(1, (r + 1) % last)));
  }

  /** Accounts of one /24 (made minutes apart, `older(i)` earlier) voting for one target project at vote(i, t0). */
  networkRing(
    owner: Strategy,
    n: number,
    t0: number,
    vote: (i: number, t0: number) => number,
    older: (i: number) => number,
  ) {
    const network = this.network();
    const target = this.project(0.01, this.t.start - 20 * DAY);
    const made = t0 - (2 + this.rnd() * 8) * HOUR;
    for (let i = 0; i < n; i += 1) {
      const id = this.account(owner, made + i * 3 * MINUTE - older(i), network);
      this.t.events.push({ kind: 'vote', at: vote(i, t0), account: id, project: target, network });
    }
  }

  /** 18 visitor votes of one /24 in 18 seconds, straddling a quarter-hour edge. */
  binStraddling(t0: number) {
    const network = this.network();
    const target = this.project(0.01, this.t.start - 20 * DAY);
    const edge = Math.ceil(t0 / (15 * MINUTE)) * 15 * MINUTE;
    for (let i = 0; i < 18; i += 1) {
      const ip = `${network.replace('.0/24', '')}.${i + 1}`;
      this.t.events.push({
        kind: 'visitorVote',
        at: edge - 9_000 + i * 1_000,
        project: target,
        network,
        ip,
        owner: 'binStraddling',
      });
    }
  }

  /** Six old accounts on networks of their own voting two targets a day for three days, each within four hours, plus a popular project a day. */
  slowRing(r: number) {
    const ring = Array.from({ length: 6 }, () =>
      this.account('slowRing', this.t.start - (60 + this.rnd() * 600) * DAY, this.network()),
    );
    const first = r % Math.max(1, (this.t.end - this.t.start) / DAY - 2);
    for (let d = first; d < first + 3; d += 1) {
      const targets = [this.project(0.01, this.t.start - 20 * DAY), this.project(0.01, this.t.start - 20 * DAY)];
      const slot = this.t.start + d * DAY + (8 + this.rnd() * 8) * HOUR;
      for (const id of ring) {
        const a = this.t.accounts[id]!;
        for (const [k, target] of targets.entries())
          this.t.events.push({
            kind: 'vote',
            at: slot + k * 30 * MINUTE + this.rnd() * 4 * HOUR,
            account: id,
            project: target,
            network: a.network,
          });
        this.t.events.push({
          kind: 'vote',
          at: this.rhythmTime(d),
          account: id,
          project: this.pick(),
          network: a.network,
        });
      }
    }
  }

  /** Six old accounts that vote like honest members, and four targets over two days, each within three hours. */
  hiddenRing(r: number) {
    const days = (this.t.end - this.t.start) / DAY;
    const ring = Array.from({ length: 6 }, () =>
      this.account('hiddenRing', this.t.start - (90 + this.rnd() * 700) * DAY, this.network()),
    );
    for (const id of ring) this.memberVotes(id, days, []);
    const first = (r + 1) % Math.max(1, days - 1);
    for (let k = 0; k < 4; k += 1) {
      const target = this.project(0.01, this.t.start - 20 * DAY);
      const slot = this.t.start + (first + Math.floor(k / 2)) * DAY + (9 + (k % 2) * 6) * HOUR;
      for (const id of ring)
        this.t.events.push({
          kind: 'vote',
          at: slot + this.rnd() * 3 * HOUR,
          account: id,
          project: target,
          network: this.t.accounts[id]!.network,
        });
    }
  }

  /** 50 fresh accounts of one host marking a competitor's new project as seen, 19-20 a minute. */
  impressionFlood(t0: number) {
    const network = this.network();
    const target = this.project(0.05, t0 - HOUR);
    this.t.floodTargets.push(target);
    for (let i = 0; i < 50; i += 1) {
      const id = this.account('impressionFlood', t0 - 2 * HOUR + i * 20_000, network);
      this.t.events.push({
        kind: 'view',
        at: t0 + i * 3_100,
        account: id,
        ip: `${network}#flood${i}`,
        network,
        project: target,
      });
    }
  }
}
