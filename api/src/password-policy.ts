import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordStrength, WEAK_PASSWORD } from '@vitrine/domain/password-strength';
import { badRequest } from './errors';

/** The 400 of a password on the bundled list of common and breached passwords. */
export const COMMON_PASSWORD =
  'This password is too common or has appeared in data breaches. Please choose a different one.';
/** The 400 of a password that is the username. */
export const PASSWORD_IS_USERNAME = 'Your password must not be your username';

/**
 * The refused passwords, lower-cased: zxcvbn-ts's common-password list (about 49,000 entries drawn
 * from breach corpora, shipped in the package, so no network at run time). Built on first use.
 */
let commonPasswords: Set<string> | undefined;

/** Whether `password` (in any letter case) is on the bundled list. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** The 400 message of a password zxcvbn judges too easy to guess, with its hint when it has one. */
export function weakPasswordMessage(hint: string): string {
  return hint ? `${WEAK_PASSWORD} ${hint}` : WEAK_PASSWORD;
}

/**
 * Refuses (400) a new password that is the username itself, common or breached (the bundled list), or
 * too easy to guess: zxcvbn scores it below MIN_PASSWORD_SCORE with the username and the site's name
 * as user inputs (`vitrine123`, `trustno1trustno1`, `aaaaaaaaaaaa`). At sign-up and on a password change.
 */
export function ensurePasswordAllowed(password: string, username: string, siteName: string): void {
  if (password.toLowerCase() === username.toLowerCase()) throw badRequest(PASSWORD_IS_USERNAME);
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD);
  const strength = passwordStrength(password, [username, siteName]);
  if (!strength.strongEnough) throw badRequest(weakPasswordMessage(strength.hint));
}
