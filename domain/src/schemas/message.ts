import { z } from '../zod';

/** Subject and message of the composers (trimmed, min 3 and min 10; max as the contact form). */
const subject = z
  .string({ error: 'Subject must be at least 3 characters.' })
  .trim()
  .min(3, 'Subject must be at least 3 characters.')
  .max(100, 'Subject must be less than 100 characters');
const message = z
  .string({ error: 'Your message must be at least 10 characters.' })
  .trim()
  .min(10, 'Your message must be at least 10 characters.')
  .max(1000, 'Message must be less than 1000 characters');

/** Admin reply to a message (POST /api/admin/messages/{id}/reply). */
export const replySchema = z.object({ subject, message });

/** A message to a chosen user: the Message User tab and the admin composer. */
export const directMessageSchema = z.object({
  recipientUserId: z.coerce
    .number({ error: 'Please select a recipient for your message.' })
    .int('Please select a recipient for your message.')
    .min(1, 'Please select a recipient for your message.'),
  subject,
  message,
});

/** The contact form of the page and the quick dialog (POST /api/contact). */
export const contactSchema = z
  .object({
    senderName: z
      .string({ error: 'Name must be text' })
      .trim()
      .min(1, 'Please enter your name')
      .max(100, 'Name must be 100 characters or less')
      .optional()
      .nullable(),
    senderEmail: z
      .union(
        [z.literal(''), z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')],
        {
          error: 'Please enter a valid email address',
        },
      )
      .optional()
      .nullable(),
    subject: z
      .string({ error: 'Subject must be at least 3 characters' })
      .trim()
      .min(3, 'Subject must be at least 3 characters')
      .max(100, 'Subject must be less than 100 characters'),
    message: z
      .string({ error: 'Message must be at least 10 characters' })
      .trim()
      .min(10, 'Message must be at least 10 characters')
      .max(1000, 'Message must be less than 1000 characters'),
    recipientUserId: z
      .number({ error: 'recipientUserId must be a user id or null' })
      .int()
      .min(1)
      .nullable()
      .optional(),
    senderUserId: z.unknown().optional(),
    sendCopy: z.boolean({ error: 'sendCopy must be true or false' }).optional(),
    mode: z.enum(['platform', 'email'], { error: 'mode must be platform or email' }).default('platform'),
  })
  .refine((v) => v.mode !== 'email' || Boolean(v.senderEmail), {
    error: 'Email is required for email contact',
    path: ['senderEmail'],
  });
export type ContactInput = z.input<typeof contactSchema>;
