import { useState } from 'react';
import type { RatingResult } from '@vitrine/domain/types';
import { apiJson, errorMessage } from '../../../lib/api';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { revalidateProjects } from '../api/revalidate';

/** The toast title after a rating: a re-rate says 'Rating updated'. */
export function ratingToastTitle(updated: boolean): string {
  return updated ? 'Rating updated' : 'Rating submitted';
}

/**
 * Rates a project 1..10 with the toasts, then refreshes project lists. `myRating` is the
 * viewer's rating as last confirmed by the server (the project's, or the one just saved).
 */
export function useRate(project: { id: number; myRating: number | null }) {
  const [saved, setSaved] = useState<{ for: number | null; value: number } | null>(null);
  const { busy, run } = useToastedAction();
  // A saved value wins until the server's myRating catches up with it.
  const myRating = saved && saved.for === project.myRating ? saved.value : project.myRating;

  const rate = (rating: number) =>
    run('rate', () => apiJson<RatingResult>('POST', `/api/projects/${project.id}/rate`, { rating }), {
      success: (result) => ({
        title: ratingToastTitle(result.updated),
        description: `You rated this project ${rating}/10.`,
      }),
      failure: (error) => ({
        title: 'Rating failed',
        description: errorMessage(error, 'There was an error submitting your rating.'),
      }),
      onSuccess: (result) => {
        setSaved({ for: project.myRating, value: result.myRating ?? rating });
        void revalidateProjects();
      },
    });

  return { myRating, pending: busy !== null, rate };
}
