import { z } from '../zod';
import { named, rowId as id, timestamp } from './named';

/** A feedback item an update addresses: whose it is (their feedback text stays with the test request). */
const addressed = z.object({
  feedbackId: id,
  requestId: id,
  testerUsername: z.string(),
});

/** A project's update (devlog) as its page and feed show it. */
const projectUpdate = z.object({
  id,
  projectId: id,
  title: z.string(),
  body: z.string().describe('the markdown source'),
  html: z.string().describe('the source rendered to HTML (a safe subset: raw HTML off, links nofollow ugc)'),
  authorUsername: z.string().nullable().describe('null when the account is gone'),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  addresses: z.array(addressed).describe('the feedback items it addresses, crediting their testers'),
  canEdit: z.boolean().describe('the viewer owns the project (and may edit or delete it)'),
});

/** A feedback item of the project's test requests, as the owner's picker lists it. */
const addressableFeedback = z.object({
  id,
  requestId: id,
  requestTitle: z.string(),
  testerUsername: z.string(),
  excerpt: z.string().describe('the start of what the tester wrote (problems, else suggestions, else what worked)'),
  createdAt: timestamp,
});

/** The devlog answers. */
export const devlogAnswers = {
  ProjectUpdate: named('ProjectUpdate', projectUpdate),
  AddressableFeedback: named('AddressableFeedback', addressableFeedback),
};

/** One update of a project (GET /api/projects/{id}/updates lists them newest first). */
export type ProjectUpdate = z.output<typeof projectUpdate>;
/** A feedback item the owner may mark as addressed. */
export type AddressableFeedback = z.output<typeof addressableFeedback>;
