import type { ApiTokenRow } from '@vitrine/db/queries/api-tokens';
import type { tokenAnswers } from '@vitrine/domain/answers';
import type { z } from '@vitrine/domain/zod';

/** A token as its owner's list shows it: never its secret nor its hash. */
export function presentApiToken(row: ApiTokenRow): z.input<typeof tokenAnswers.ApiToken> {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
