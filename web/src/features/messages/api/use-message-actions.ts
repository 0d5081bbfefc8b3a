import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { apiJson } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';

/** The subject and text of a composed message. */
export interface MessageDraft {
  subject: string;
  message: string;
}

/** A message to one chosen user. */
export interface DirectMessageDraft extends MessageDraft {
  recipientUserId: number;
}

/** Where a direct message goes: a member's Message User tab, or the admin composer. */
export type DirectMessageEndpoint = '/api/messages' | '/api/admin/messages';

/**
 * The inbox writes: mark read, delete, send a direct message, admin reply. Each one
 * revalidates every messages list and the unread count after it succeeds, and throws the ApiError otherwise.
 */
export function useMessageActions() {
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => revalidate(['messages'], mutate), [mutate]);

  return useMemo(
    () => ({
      /** PATCH /api/messages/{id}/read */
      async markRead(id: number): Promise<void> {
        await apiJson('PATCH', `/api/messages/${id}/read`);
        await refresh();
      },
      /** DELETE /api/messages/{id} */
      async remove(id: number): Promise<void> {
        await apiJson('DELETE', `/api/messages/${id}`);
        await refresh();
      },
      /** POST /api/messages (Message User) or POST /api/admin/messages (admin composer). */
      async send(endpoint: DirectMessageEndpoint, draft: DirectMessageDraft): Promise<void> {
        await apiJson('POST', endpoint, draft);
        await refresh();
      },
      /** POST /api/admin/messages/{id}/reply */
      async reply(id: number, draft: MessageDraft): Promise<void> {
        await apiJson('POST', `/api/admin/messages/${id}/reply`, draft);
        await refresh();
      },
    }),
    [refresh],
  );
}
