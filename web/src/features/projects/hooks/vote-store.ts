import { create } from 'zustand';

/** An optimistic vote state laid over the server's project until fresher data arrives. */
export interface VoteOverride {
  votes: number;
  hasVoted: boolean;
  /** The server counts the override was made from; a different server count means fresher data. */
  baseVotes: number;
}

interface VoteStore {
  overrides: Record<number, VoteOverride | undefined>;
  set: (id: number, override: VoteOverride | undefined) => void;
}

/** Optimistic votes by project id, shared by every card and the detail page showing that project. */
export const useVoteStore = create<VoteStore>()((set) => ({
  overrides: {},
  set: (id, override) => set((state) => ({ overrides: { ...state.overrides, [id]: override } })),
}));

/**
 * What to show for a project's votes: the override while the server data is the one it was made
 * from, else the server's (which already includes the vote once refetched or pushed live).
 */
export function effectiveVote(
  server: { votes: number; hasVoted: boolean },
  override: VoteOverride | undefined,
): { votes: number; hasVoted: boolean } {
  if (!override) return server;
  if (server.votes !== override.baseVotes) return { votes: server.votes, hasVoted: server.hasVoted || override.hasVoted };
  return { votes: override.votes, hasVoted: override.hasVoted || server.hasVoted };
}
