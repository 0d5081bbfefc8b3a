import { useEffect, useState } from 'react';
import type { PasswordStrength } from '@vitrine/domain/password-strength';
import { cn } from '../../lib/cn';

type Estimator = typeof import('@vitrine/domain/password-strength');

/**
 * zxcvbn-ts and its dictionaries, loaded on the first character typed into a new-password field: some
 * hundreds of kilobytes no page pays for until a password is chosen (scripts/budgets).
 */
let estimator: Promise<Estimator> | undefined;
function loadEstimator(): Promise<Estimator> {
  estimator ??= import('@vitrine/domain/password-strength');
  return estimator;
}

/** zxcvbn's scores 0..4 in words, and the bar's colour for each. */
const LEVELS = [
  { label: 'Very weak', bar: 'bg-red-600' },
  { label: 'Weak', bar: 'bg-red-600' },
  { label: 'Fair', bar: 'bg-amber-500' },
  { label: 'Strong', bar: 'bg-green-600' },
  { label: 'Very strong', bar: 'bg-green-600' },
] as const;

/**
 * The strength of a new password as the server will judge it (the same zxcvbn-ts check,
 * domain/src/password-strength.ts, with the username and the site's name as user inputs): a meter,
 * its level in words, and zxcvbn's hint while the password is too easy to guess. Nothing while empty.
 */
export function PasswordStrengthMeter({ password, userInputs }: { password: string; userInputs: readonly string[] }) {
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const inputsKey = userInputs.join('\n');
  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadEstimator().then((m) => {
      if (current) setResult({ password, strength: m.passwordStrength(password, inputsKey.split('\n')) });
    });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);
  // A result for another (older) password is still shown while the new one is judged, so the meter does not flicker.
  const strength = password ? result?.strength : undefined;
  if (!strength) return <div aria-hidden="true" className="h-1.5" />;
  const level = LEVELS[strength.score];
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <meter
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength.score}
        aria-label="Password strength"
        aria-valuetext={level.label}
        className="sr-only"
      />
      <div aria-hidden="true" className="flex h-1.5 gap-1">
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn(
              'flex-1 rounded-full',
              i < Math.max(1, strength.score) ? level.bar : 'bg-zinc-200 dark:bg-zinc-700',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-medium">Strength: {level.label}.</span>
        {!strength.strongEnough ? ` Too easy to guess.${strength.hint ? ` ${strength.hint}` : ''}` : null}
      </p>
    </div>
  );
}
