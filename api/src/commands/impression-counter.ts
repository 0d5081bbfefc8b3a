import { RISING_MAX_LIMIT } from '@vitrine/domain/constants';
import { makeImpressionQueries, type StripVisitor } from '@vitrine/db/queries/impressions';
import type { Caller } from '../context';
import { addressKey, networkKey } from '../client-address';

/**
 * Who the strip is for: a member by account, a visitor by address (an IPv6 one by its /64), read now
 * (deps.clock), from their network (/24 or /48): what an impression of theirs weighs.
 */
export function stripVisitor(caller: Pick<Caller, 'user' | 'ip' | 'deps'>): StripVisitor {
  return {
    key: caller.user ? `u:${caller.user.id}` : `ip:${addressKey(caller.ip)}`,
    now: caller.deps.clock?.() ?? new Date(),
    userId: caller.user?.id ?? null,
    network: networkKey(caller.ip),
  };
}

/**
 * The New & rising beacon: counts the cards of the caller's strip that were on screen, once per visitor
 * per project per UTC day, and only projects that are in the caller's strip at its largest size (an id
 * outside it counts nothing), each weighed like a vote (db/src/queries/impressions.ts impressionWeight). One autocommitted statement through the rising gate (heavy-reads.ts); no
 * event, as nothing shared shows impressions. Answers how many were new.
 */
export async function impressionCounter(caller: Caller, input: { projectIds: number[] }): Promise<number> {
  const ids = [...new Set(input.projectIds)];
  return caller.deps.heavyReads.rising.run(() =>
    makeImpressionQueries(caller.deps.sql).countImpressions(stripVisitor(caller), ids, RISING_MAX_LIMIT),
  );
}
