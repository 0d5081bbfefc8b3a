import { z } from 'zod';
import { makeVisitorReplyQueries } from '@vitrine/db/queries/visitor-replies';
import { VisitorReplyEmail } from '../emails/visitor-reply-email';
import { JOB } from '../job-names';
import { defineMailTask } from './mail-task';

const schema = z.object({ eventId: z.number().int(), replyId: z.number().int() });
/** The data of a send-visitor-reply job. */
export type VisitorReplyData = z.infer<typeof schema>;

/** The mail's kind in sent_emails. */
const KIND = 'visitor-reply';

/** Mails an admin's reply to a visitor once. A reply that is gone ends quietly. */
export const SendVisitorReplyTask = defineMailTask({
  name: JOB.sendVisitorReply,
  schema,
  sentAs: (data) => ({ eventId: data.eventId, kind: KIND, key: `event-${data.eventId}-${KIND}` }),
  async render(ctx, data) {
    const reply = await makeVisitorReplyQueries(ctx.sql).findReply(data.replyId);
    if (!reply) return null;
    return { mail: VisitorReplyEmail(reply, { siteName: ctx.config.siteName, adminEmail: ctx.config.adminEmail }) };
  },
});
