import { useState } from 'react';
import type { Project } from '@vitrine/domain/types';
import { apiJson, errorStatus } from '../../../lib/api';
import { toast } from '../../../components/ui/toast';
import { revalidateProjects } from '../api/revalidate';
import { effectiveVote, useVoteStore } from './vote-store';

/** Where the vote button sits: the texts of a 409 differ slightly (§8). */
export type VoteSurface = 'card' | 'page';

/** The 'Already voted' description for each surface (§8). */
export const ALREADY_VOTED_TEXT: Record<VoteSurface, string> = {
  card: 'You have already voted for this project.',
  page: "You've already voted for this project.",
};

/**
 * Optimistic vote (§4): the count goes up and the button says 'Voted' at once; success replaces
 * the count with the returned one; 409 marks it voted ('Already voted'); other failures roll back.
 */
export function useVote(project: Pick<Project, 'id' | 'votes' | 'hasVoted'>, surface: VoteSurface) {
  const override = useVoteStore((s) => s.overrides[project.id]);
  const setOverride = useVoteStore((s) => s.set);
  const [pending, setPending] = useState(false);
  const { votes, hasVoted } = effectiveVote(project, override);

  const vote = async () => {
    if (hasVoted || pending) return;
    const baseVotes = project.votes;
    setOverride(project.id, { votes: votes + 1, hasVoted: true, baseVotes });
    setPending(true);
    try {
      const updated = await apiJson<Project>('POST', `/api/projects/${project.id}/vote`);
      setOverride(project.id, { votes: updated.votes, hasVoted: true, baseVotes });
      void revalidateProjects();
    } catch (error) {
      if (errorStatus(error) === 409) {
        setOverride(project.id, { votes, hasVoted: true, baseVotes });
        toast({ title: 'Already voted', description: ALREADY_VOTED_TEXT[surface], variant: 'destructive' });
      } else {
        setOverride(project.id, undefined);
        toast({ title: 'Vote failed', description: 'There was an error submitting your vote.', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  };

  return { votes, hasVoted, pending, vote };
}
