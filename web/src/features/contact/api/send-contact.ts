import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ContactInput } from '@vitrine/domain/schemas/message';
import type { ContactSent } from '@vitrine/domain/answers';
import { callApi, endpoints } from '../../../lib/api';
import { revalidate } from '../../../lib/revalidate';

/** POST /api/contact: the contact page form and the quick Contact Admin dialog. */
export function sendContact(payload: ContactInput): Promise<ContactSent> {
  return callApi(endpoints.messages.contact, { body: payload });
}

/** sendContact, then the cached message lists are refreshed so the inbox shows the new message. Answers what the server said. */
export function useSendContact(): (payload: ContactInput) => Promise<ContactSent> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (payload: ContactInput) => {
      const sent = await sendContact(payload);
      // The sender's inbox ('To: Admin') and the admins' lists show the new message.
      await revalidate(['messages'], mutate);
      return sent;
    },
    [mutate],
  );
}
