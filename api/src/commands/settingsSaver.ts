import { makeUserSettingsQueries } from '@vitrine/db/queries/userSettings';
import type { SettingsInput } from '@vitrine/domain/schemas/testRequest';
import type { MemberCaller } from '../context';

/** The signed-in member changes their role, bio, email or email notices (PATCH /api/users/me). */
export async function settingsSaver(caller: MemberCaller, input: SettingsInput): Promise<void> {
  await makeUserSettingsQueries(caller.deps.sql).updateSettings(caller.user.id, input);
}
