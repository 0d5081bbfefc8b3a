import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { AdminCommentReport } from '@vitrine/domain/answers';
import { useList } from '../../../hooks/use-list';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';
import { adminCommentReportsKey } from './keys';

/** One status of the comment reports, a page at a time (GET /api/admin/comment-reports?status=). */
export function useAdminCommentReports(status: ReportStatus) {
  return useList<AdminCommentReport>(adminCommentReportsKey(status), { revalidateOnMount: true });
}

/** The writes on a reported comment and its report; each revalidates every report list. */
export function useAdminCommentReportActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => revalidate(['reports'], mutate);
    return {
      /** PATCH /api/admin/comments/{id}/visibility: hide ("[removed by a moderator]") or show again. */
      async setHidden(commentId: number, hidden: boolean): Promise<void> {
        await callApi(endpoints.comments.setVisibility, { params: { id: commentId }, body: { hidden } });
        await refresh();
      },
      /** DELETE /api/comments/{id}: an admin deletes any comment (one with replies stays as "[deleted]"). */
      async deleteComment(commentId: number): Promise<void> {
        await callApi(endpoints.comments.remove, { params: { id: commentId } });
        await refresh();
      },
      /** PATCH /api/admin/comment-reports/{id}: Review or Dismiss a pending report. */
      /** Review or dismiss, with the public reason when one is given (the moderation log). */
      async decide(id: number, status: 'reviewed' | 'dismissed', reason?: string): Promise<void> {
        await callApi(endpoints.comments.decideReport, {
          params: { id },
          body: reason ? { status, reason } : { status },
        });
        await refresh();
      },
    };
  }, [mutate]);
}
