import { z } from '../zod';
import { TOKEN_SCOPES } from '../tokens';
import { named, rowId as id, timestamp } from './named';

/** A personal access token as its owner's list shows it: never the secret. */
const apiToken = z.object({
  id,
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable().describe('the last call made with it, to the minute; null when never used'),
});

/** A token just made: the list's fields and the secret, shown this once. */
const createdApiToken = apiToken.extend({
  token: z.string().describe('the secret, sent as `Authorization: Bearer <token>`; shown only in this answer'),
});

/** The personal access token answers. */
export const tokenAnswers = {
  ApiToken: named('ApiToken', apiToken),
  CreatedApiToken: named('CreatedApiToken', createdApiToken),
};
export type ApiToken = z.output<typeof apiToken>;
export type CreatedApiToken = z.output<typeof createdApiToken>;
