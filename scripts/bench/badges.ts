import { alternate, load, SLICE_SECONDS, type CaseRequest, type Measured, type Pooled } from './measure';

/** The badge on a hot project's own site: the same address again and again (low ids are hot, seed.ts). */
export const HOT_BADGE = '/badges/projects/1.svg';
/** The same project's outcome card: the widest badge. */
export const HOT_OUTCOME_CARD = '/badges/projects/1.svg?style=card&metric=outcome';
/** Strangers at once asking for random ids (docs/performance.md "Badges"). */
export const STRANGERS = 16;
/** One-second slices of each side of the badge / hello comparison. */
const SLICES = 6;

/**
 * The badge cases (api/src/routes/badges.ts): a hot project's badge and its outcome card, both
 * answered from the node's snapshot, each measured with `run` (index.ts); sixteen strangers asking for
 * random ids, half of them beyond the highest id (neutral from the ceiling, no read) and half real
 * projects (one read per id a minute); and the hot badge against the raw hello server side by side in
 * alternating one-second slices (measure.ts alternate), the figure the target is set on: a few
 * seconds of each one after the other moved by half on this shared machine.
 */
export async function badgeCases(opts: {
  url: string;
  helloUrl: string;
  projects: number;
  connections: number;
  run: (name: string, url: string, next: () => CaseRequest, connections?: number) => Promise<Measured>;
}): Promise<{ badge: Pooled; hello: Pooled }> {
  const get = (path: string) => () => ({ method: 'GET' as const, path });
  await opts.run('badge, one project (flat, votes)', opts.url, get(HOT_BADGE));
  await opts.run('badge, one project (card, outcome)', opts.url, get(HOT_OUTCOME_CARD));
  await opts.run(
    `badge, ${STRANGERS} strangers, random ids (half beyond the highest)`,
    opts.url,
    () => ({ method: 'GET', path: `/badges/projects/${1 + Math.floor(Math.random() * opts.projects * 2)}.svg` }),
    STRANGERS,
  );
  const slice = (url: string, path: string) => () =>
    load({ url, origin: opts.url, seconds: SLICE_SECONDS, connections: opts.connections, next: get(path) });
  const [badge, hello] = await alternate(
    { slice: slice(opts.url, HOT_BADGE) },
    { slice: slice(opts.helloUrl, '/') },
    SLICES,
  );
  return { badge, hello };
}
