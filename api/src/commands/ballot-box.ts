import { makeVoteQueries, type Ballot, type CastVote } from '@vitrine/db/queries/votes';
import type { StoredEvent } from '@vitrine/domain/events';
import { retryTransaction } from '@vitrine/db/retry';
import { createGroupCommit } from '@vitrine/runtime/batch';
import type { Sql } from '@vitrine/db/sql';
import type { Publisher } from '@vitrine/runtime/publisher';
import { countsEvent } from './counts';

/**
 * Votes one statement counts at most. Under load every vote that arrives while a statement runs goes
 * in the next one; this bounds that statement (its JSON input and its row locks).
 */
const MAX_BALLOTS_PER_STATEMENT = 200;

/** This API node's votes, counted in groups: one statement per burst rather than per vote. */
export interface BallotBox {
  /** Casts one vote and answers its outcome once the statement counting it committed and the reads it made stale were announced. */
  cast(ballot: Ballot): Promise<CastVote>;
}

/**
 * A ballot box over `deps`: a vote goes to PostgreSQL at once when none is being counted, otherwise
 * with the others that arrived meanwhile (db castVotes, one statement, autocommitted). A hot
 * project's row lock is then held once per burst, so its votes are not serialised on one commit
 * each. The events are handed to the publisher after the commit (publishStaleFirst: each vote answers once
 * every API node has been told what its group made stale; the queue add and the live pushes follow,
 * and the outbox relay delivers what they miss), while the next group is already being counted.
 */
export function createBallotBox(deps: { sql: Sql; publisher: Publisher }): BallotBox {
  const count = createGroupCommit(
    async (ballots: Ballot[]) => {
      // A statement aborted as a deadlock wrote nothing and runs again, as commit()'s transaction does.
      const outcomes = await retryTransaction(() => makeVoteQueries(deps.sql).castVotes(ballots));
      // Each counted ballot carries its event's id and the counts its vote made, as the event does.
      const stored: StoredEvent[] = outcomes.flatMap((o) =>
        o.outcome === 'counted' ? [countsEvent('vote.created', o.eventId, o.project)] : [],
      );
      const published = deps.publisher.publishStaleFirst(stored);
      return outcomes.map((outcome) => ({ outcome, published }));
    },
    { maxBatch: MAX_BALLOTS_PER_STATEMENT },
  );
  return {
    async cast(ballot) {
      const { outcome, published } = await count(ballot);
      await published;
      return outcome;
    },
  };
}
