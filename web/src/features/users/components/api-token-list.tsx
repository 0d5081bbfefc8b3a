import { useState } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import type { ApiToken } from '@vitrine/domain/answers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';

/** The id of the list's heading, where focus lands once a token is revoked. */
export const TOKEN_LIST_HEADING = 'api-token-list-heading';

/** One token: its name, scopes, when it was made and last used, and its Revoke button. */
function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium break-words text-zinc-900 dark:text-zinc-100">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
          {token.name}
        </p>
        <ul aria-label="Scopes" className="mt-2 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge color="outline" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Created <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time>
          {' · '}
          {token.lastUsedAt ? <RelativeTime value={token.lastUsedAt} prefix="Last used " /> : 'Never used'}
        </p>
      </div>
      <div className="shrink-0">
        <Button variant="outline" size="sm" onClick={() => onRevoke(token)}>
          <Trash2 aria-hidden="true" />
          Revoke<span className="sr-only"> {token.name}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The member's tokens with a Revoke button each; revoking asks first (a dialog), then DELETE
 * /api/tokens/{id}, refreshes the list and moves focus to the list's heading.
 */
export function ApiTokenList({ tokens, onRevoked }: { tokens: ApiToken[]; onRevoked: () => Promise<unknown> }) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const { busy, run } = useToastedAction();
  const revoke = (token: ApiToken) =>
    run('revoke', () => callApi(endpoints.tokens.remove, { params: { id: token.id } }).then(onRevoked), {
      success: { title: 'Token revoked', description: `"${token.name}" no longer works.` },
      failure: (error) => ({ title: 'Token not revoked', description: errorMessage(error, 'Please try again.') }),
      onSuccess: () => setRevoking(null),
    });
  return (
    <div>
      <h3 id={TOKEN_LIST_HEADING} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        Your tokens
      </h3>
      {tokens.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No tokens yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke "${revoking.name}"?` : 'Revoke token?'}
        message="Scripts and tools using this token stop working at once. This cannot be undone."
        confirmLabel="Revoke token"
        busy={busy === 'revoke'}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
