import { verifyPassword } from '@vitrine/db/passwords';
import { makeUserQueries, type UserRow } from '@vitrine/db/queries/users';
import type { Caller } from '../context';
import { addressKey } from '../client-address';
import { HttpError, unauthorized } from '../errors';
import { consume, ensureNotLimited, resetLimit } from '../middleware/rate-limit';

/** One message for a wrong username or a wrong password, so neither is revealed. */
export const BAD_CREDENTIALS = 'Invalid username or password';

/**
 * Checks a sign-in. Its limits count failures, not requests, so they live here rather than in the
 * route's contract: failures per address (`loginIp`, any username) and per username from that address
 * (`loginUserIp`). A throttled address or pair is refused before the password is hashed (a flood costs
 * nothing), a failure spends a point of each, and a success clears the pair's failures. There is no
 * per-username lock across addresses: an attacker elsewhere must not lock the owner out.
 * Answers the user, else 401 'Invalid username or password' (or 429).
 */
export async function credentialChecker(
  caller: Caller,
  input: { username: string; password: string },
): Promise<UserRow> {
  const address = addressKey(caller.ip);
  const ipKey = `ip:${address}`;
  const pairKey = `u:${input.username.toLowerCase()}|ip:${address}`;
  await ensureNotLimited(caller, 'loginIp', ipKey);
  await ensureNotLimited(caller, 'loginUserIp', pairKey);
  // The priority pool (Deps.prioritySql): slow public reads holding the main pool never block a sign-in.
  const user = await makeUserQueries(caller.deps.prioritySql).findUserByUsername(input.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await consume(caller, 'loginIp', ipKey).catch(ignoreLimit);
    await consume(caller, 'loginUserIp', pairKey).catch(ignoreLimit);
    throw unauthorized(BAD_CREDENTIALS);
  }
  await resetLimit(caller, 'loginUserIp', pairKey);
  return user;
}

/** The failure that used the last point is still answered as a wrong password. */
function ignoreLimit(err: unknown) {
  if (!(err instanceof HttpError && err.status === 429)) throw err;
}
