import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { DEFAULT_SITE_NAME } from './constants';

/**
 * The lowest zxcvbn score (0..4) a new password needs: 3 is "safely unguessable: moderate protection
 * from offline slow-hash scenario" (about 10^8 guesses and more). Below it, `vitrine123`, `Vitrine2024!`
 * or `aaaaaaaaaaaa` pass any length rule yet fall to a guessing attack.
 */
export const MIN_PASSWORD_SCORE = 3;

/** The 400 of a new password zxcvbn scores below MIN_PASSWORD_SCORE; zxcvbn's hint follows it when it has one. */
export const WEAK_PASSWORD = 'This password is too easy to guess. Please choose a stronger one.';

/** What the strength check tells a form: the score (0..4), whether it is enough, and zxcvbn's hint. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  strongEnough: boolean;
  /** zxcvbn's warning and suggestions in one line (English), or '' when it has none. */
  hint: string;
}

/**
 * One estimator for the API and the web (which imports this module lazily, so the dictionaries, some
 * hundreds of kilobytes, never weigh on a page that has no password field). Built on first use.
 */
let estimator: ZxcvbnFactory | undefined;

/**
 * Judges `password` with zxcvbn-ts (common and English dictionaries, keyboard graphs), taking the
 * username and the site's name as user inputs: a password made of them is easy to guess.
 */
export function passwordStrength(password: string, userInputs: readonly string[]): PasswordStrength {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  const inputs = [...userInputs, DEFAULT_SITE_NAME].map((s) => s.trim()).filter((s) => s.length > 0);
  const { score, feedback } = estimator.check(password, inputs);
  const hint = [feedback.warning, ...feedback.suggestions].filter((s): s is string => Boolean(s)).join(' ');
  return { score, strongEnough: score >= MIN_PASSWORD_SCORE, hint };
}
