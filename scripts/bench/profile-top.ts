/**
 * `npx tsx scripts/bench/profile-top.ts FILE.cpuprofile [--top 25] [--inclusive]`: the top frames of a
 * CPU profile (node --cpu-prof, e.g. the side-by-side case's --profile-dir) as shares of the samples
 * the process was not idle: self time by function (or, with --inclusive, time with its callees, each
 * function counted once per sample), and the self time by package. The docs' profile tables come from it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** µs since the previous sample, one per sample. */
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    inclusive: { type: 'boolean', default: false },
    /** Answers served while profiled: each line then also says its µs per answer. */
    requests: { type: 'string' },
    /** Leave out the start (ms from the profile's beginning): imports and migrations. */
    'skip-ms': { type: 'string', default: '0' },
  },
});
const top = Number(values.top);

/** A frame's place: the package (node_modules/<name>) or the repository path, and its line. */
function where(url: string, line: number): string {
  if (url === '') return '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]}:${line + 1}`;
  const repo = /\/(api|db|runtime|domain|worker|web|scripts)\/(.*)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}:${line + 1}`;
  return `${url.replace(/^file:\/\//, '')}:${line + 1}`;
}

/** The package a frame belongs to, or the workspace, or node's own code. */
function packageOf(url: string): string {
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  const repo = /\/(api|db|runtime|domain|worker|web|scripts)\//.exec(url);
  if (repo) return repo[1]!;
  if (url.startsWith('node:')) return 'node';
  return url === '' ? '(native)' : url;
}

const IDLE = new Set(['(idle)', '(program)']);

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url, n.callFrame.lineNumber)}`.trim();
  const counts = new Map<string, number>();
  const packages = new Map<string, number>();
  // Time (µs) weighs each sample: the sampling interval is not exact under load.
  let busy = 0;
  let idle = 0;
  let clock = 0;
  const skipUs = Number(values['skip-ms']) * 1000;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    clock += us;
    if (clock < skipUs) return;
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) {
      idle += us;
      return;
    }
    busy += us;
    packages.set(packageOf(node.callFrame.url), (packages.get(packageOf(node.callFrame.url)) ?? 0) + us);
    if (!values.inclusive) {
      counts.set(label(node), (counts.get(label(node)) ?? 0) + us);
      return;
    }
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(byId.get(at)!);
      if (seen.has(l)) continue;
      seen.add(l);
      counts.set(l, (counts.get(l) ?? 0) + us);
    }
  });
  const requests = values.requests === undefined ? null : Number(values.requests);
  const pct = (n: number) =>
    `${((100 * n) / busy).toFixed(1).padStart(5)} %${requests === null ? '' : `  ${(n / requests).toFixed(2).padStart(7)} µs/answer`}`;
  console.log(
    `${file}: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle (${((100 * idle) / (busy + idle)).toFixed(0)} % idle)${requests === null ? '' : `, ${(busy / requests).toFixed(1)} µs busy per answer`}`,
  );
  console.log(values.inclusive ? 'time with callees' : 'self time');
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${name}`);
  console.log('self time by package');
  for (const [name, n] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(n)}  ${name}`);
}
