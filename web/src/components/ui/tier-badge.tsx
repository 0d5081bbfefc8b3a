import { Award } from 'lucide-react';
import type { BadgeTier } from '@vitrine/domain/display';
import { cn } from '../../lib/cn';

/** Tier colours: metal-like tones that keep 4.5:1 contrast in light and dark mode. */
const TIER_CLASSES: Record<BadgeTier, string> = {
  Platinum: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  Gold: 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-800',
  Silver: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600',
  Bronze:
    'bg-orange-50 text-orange-800 ring-orange-300 dark:bg-orange-950/60 dark:text-orange-300 dark:ring-orange-800',
};

/**
 * A rating-tier badge (Platinum, Gold, Silver, Bronze) for one role; nothing when there is no
 * tier. `role` names which rating earned it ('Developer' / 'Tester'), read by screen readers and shown
 * unless `compact`.
 */
export function TierBadge({
  tier,
  role,
  compact,
  className,
}: {
  tier: BadgeTier | null;
  role: 'Developer' | 'Tester';
  compact?: boolean;
  className?: string;
}) {
  if (!tier) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset [&_svg]:size-3',
        TIER_CLASSES[tier],
        className,
      )}
      title={`${tier} ${role.toLowerCase()}`}
    >
      <Award aria-hidden="true" />
      {tier}
      <span className={compact ? 'sr-only' : undefined}> {role.toLowerCase()}</span>
    </span>
  );
}
