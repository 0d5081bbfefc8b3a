import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Project } from '@vitrine/domain/answers';
import { callApi, endpoints, errorMessage, errorStatus } from '../../../lib/api';
import { toast } from '../../../components/ui/toast';
import { updateCachedProject, voteInCache } from '../../../lib/project-cache';
import { revalidateRankings } from '../api/revalidate';

/** Where the vote button sits: the texts of a 409 differ slightly. */
export type VoteSurface = 'card' | 'page';

/** The 'Already voted' description for each surface. */
export const ALREADY_VOTED_TEXT: Record<VoteSurface, string> = {
  card: 'You have already voted for this project.',
  page: "You've already voted for this project.",
};

/**
 * Optimistic vote through the SWR cache: every card and page showing the project counts the vote
 * and says 'Voted' at once; success writes the returned count once into each of them (no refetch:
 * later counts come with the pushes), and the lists ranked by votes are refreshed, since the vote may
 * reorder them; 409 marks it voted with the count it had ('Already voted'); other failures roll back.
 * `project` is what the caller's SWR data shows.
 */
export function useVote(project: Pick<Project, 'id' | 'votes' | 'hasVoted'>, surface: VoteSurface) {
  const swr = useSWRConfig();
  const [pending, setPending] = useState(false);

  const vote = async () => {
    if (project.hasVoted || pending) return;
    setPending(true);
    try {
      await voteInCache(swr, project.id, callApi(endpoints.projects.vote, { params: { id: project.id } }));
      void revalidateRankings();
    } catch (error) {
      if (errorStatus(error) === 409) {
        await updateCachedProject(swr, project.id, () => ({ hasVoted: true }));
        toast({ title: 'Already voted', description: ALREADY_VOTED_TEXT[surface], variant: 'destructive' });
      } else {
        // The server's reason when it gave one (a paused account), the lost connection, else the product's text.
        toast({
          title: 'Vote failed',
          description: errorMessage(error, 'There was an error submitting your vote.'),
          variant: 'destructive',
        });
      }
    } finally {
      setPending(false);
    }
  };

  return { votes: project.votes, hasVoted: project.hasVoted, pending, vote };
}
