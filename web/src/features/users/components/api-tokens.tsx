import { useId, useState } from 'react';
import { Copy } from 'lucide-react';
import type { CreatedApiToken } from '@vitrine/domain/answers';
import {
  MAX_TOKENS,
  TOKEN_NAME_MAX,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  tokenCreateSchema,
  type TokenScope,
} from '@vitrine/domain/tokens';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup, Field, Input } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useFocusResult } from '../../../hooks/use-focus-result';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { useApiTokens } from '../api/use-api-tokens';
import { ApiTokenList, TOKEN_LIST_HEADING } from './api-token-list';

const EMPTY: { name: string; scopes: TokenScope[] } = { name: '', scopes: [] };
/** The id of the panel showing a new token, where focus lands once it is made. */
const NEW_TOKEN_ID = 'new-api-token';

/** The token just made, shown this once with a copy button. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const inputId = useId();
  const copy = async () => {
    if (await copyText(created.token)) toast({ title: 'Token copied', description: 'Keep it somewhere safe.' });
    else toast({ title: 'Copy failed', description: 'Please select the token and copy it.', variant: 'destructive' });
  };
  return (
    <div
      id={NEW_TOKEN_ID}
      role="region"
      aria-labelledby={`${inputId}-label`}
      className="rounded-lg border border-accent-300 bg-accent-50 p-4 dark:border-accent-800 dark:bg-accent-950/40"
    >
      <label id={`${inputId}-label`} htmlFor={inputId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        Your new token "{created.name}"
      </label>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        Copy it now: it will not be shown again. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          readOnly
          value={created.token}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          <Copy aria-hidden="true" />
          Copy token
        </Button>
      </div>
      <Button variant="ghost" size="sm" className="mt-3" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

/** The create form: a name and the scope checkboxes, sent to POST /api/tokens. */
function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => Promise<void> }) {
  const form = useSchemaForm(tokenCreateSchema, EMPTY);
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run('create', () => callApi(endpoints.tokens.create, { body: input }), {
        success: { title: 'Token created', description: 'Copy it now: it will not be shown again.' },
        failure: (error) => ({ title: 'Token not created', description: errorMessage(error, 'Please try again.') }),
        onSuccess: (created) => {
          form.reset(EMPTY);
          void onCreated(created);
        },
      }),
    { focusInvalid: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Create a token">
      <Field label="Token name" hint="What the token is for, such as the script that uses it." error={form.errors.name}>
        {(p) => (
          <Input
            {...p}
            maxLength={TOKEN_NAME_MAX}
            value={form.values.name}
            onChange={(e) => form.set('name', e.target.value)}
          />
        )}
      </Field>
      <CheckboxGroup
        legend="Scopes"
        name="scopes"
        options={TOKEN_SCOPES}
        chosen={form.values.scopes}
        error={form.errors.scopes}
        onChange={(scopes) => form.set('scopes', scopes)}
        label={(scope) => (
          <>
            <span className="font-mono text-zinc-900 dark:text-zinc-100">{scope}</span>: {TOKEN_SCOPE_LABELS[scope]}
          </>
        )}
      />
      <div>
        <Button type="submit" loading={pending}>
          Create token
        </Button>
      </div>
    </form>
  );
}

/**
 * /settings' "API tokens" section: personal access tokens for scripts and tools (docs/api.md "Access
 * tokens"). A new token is shown once, with a copy button, and takes focus; the list shows each
 * token's scopes, creation and last use, with Revoke.
 */
export function ApiTokens() {
  const { data, mutate } = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const focusResult = useFocusResult();
  const onCreated = async (next: CreatedApiToken) => {
    setCreated(next);
    focusResult(NEW_TOKEN_ID);
    await mutate();
  };
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A token lets a script or tool call the Vitrine API as you, with only the scopes you choose. You can hold up to{' '}
        {MAX_TOKENS} tokens; revoke one you no longer use.
      </p>
      {created ? (
        <NewToken
          created={created}
          onDone={() => {
            setCreated(null);
            focusResult(TOKEN_LIST_HEADING);
          }}
        />
      ) : null}
      <CreateTokenForm onCreated={onCreated} />
      <div className="border-t border-zinc-200 pt-6 dark:border-zinc-800">
        {data ? <ApiTokenList tokens={data} onRevoked={() => mutate()} /> : <Skeleton className="h-24 rounded-lg" />}
      </div>
    </div>
  );
}
