import type { UserRow } from '@vitrine/db/queries/users';
import type { CurrentUser } from '@vitrine/domain/types';

/** The current-user answer (spec §3: id, username, email, isAdmin; plus isPaused so the client can explain refusals). */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return { id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin, isPaused: user.isPaused };
}
