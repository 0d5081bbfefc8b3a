import { makeUserQueries } from '@vitrine/db/queries/users';
import type { SettingsInput } from '@vitrine/domain/schemas/test-request';
import type { MemberCaller } from '../context';
import { commit } from './commit';
import { spendAddressPoint, startEmailConfirmation } from './email-confirmation-starter';

/**
 * The signed-in member changes their role, bio, email or email notices (PATCH /api/users/me). A new
 * address starts unconfirmed and gets a confirmation mail; the same address stays as it was.
 */
export async function settingsSaver(caller: MemberCaller, input: SettingsInput): Promise<void> {
  const newEmail = input.email !== undefined && input.email !== caller.user.email ? input.email : null;
  if (newEmail) await spendAddressPoint(caller, newEmail);
  await commit(caller, async (tx, emit) => {
    await makeUserQueries(tx).updateSettings(caller.user.id, input);
    if (newEmail) await startEmailConfirmation(tx, emit, { email: newEmail, userId: caller.user.id });
  });
}
