import { z } from './zod';

/**
 * Personal access tokens: what a token may do (its scopes), the bound on how many a member holds and
 * the form that makes one (docs/api.md "Access tokens").
 */
export const TOKEN_SCOPES = ['read', 'write:votes', 'write:comments', 'webhooks'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope allows, as /settings lists them beside their checkboxes. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'Read what you can read when signed in (GET calls)',
  'write:votes': 'Vote for projects',
  'write:comments': 'Post, edit, delete and report comments',
  webhooks: 'Manage your webhooks',
};

/** A member holds at most this many tokens (revoking one frees its place). */
export const MAX_TOKENS = 20;
/** The longest name of a token. */
export const TOKEN_NAME_MAX = 50;

/** The refusal past MAX_TOKENS. */
export const TOO_MANY_TOKENS = `You can hold at most ${MAX_TOKENS} tokens. Revoke one before creating another.`;

/** POST /api/tokens: a name to recognise the token by and at least one scope. */
export const tokenCreateSchema = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(TOKEN_NAME_MAX, `The name must be ${TOKEN_NAME_MAX} characters or less`),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(TOKEN_SCOPES.length, 'Choose each scope at most once')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope at most once'),
});
export type TokenCreateInput = z.input<typeof tokenCreateSchema>;
