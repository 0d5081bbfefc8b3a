import { makeUserSettingsQueries } from '@vitrine/db/queries/userSettings';
import type { SettingsInput } from '@vitrine/domain/schemas/testRequest';
import type { AppContext } from '../context';

/** The signed-in member changes their role, bio, email or email notices (PATCH /api/users/me). */
export async function settingsSaver(ctx: AppContext, input: SettingsInput): Promise<void> {
  await makeUserSettingsQueries(ctx.deps.sql).updateSettings(ctx.state.user!.id, input);
}
