import { formatRelative } from '../../lib/format';

/**
 * A relative time ('3 days ago', after `prefix`) in a <time> element. The text reads the clock, so the
 * server's page and hydration may word it differently ('less than a minute ago', a moment later
 * '1 minute ago'), which made React error #418 on a slow machine: React is told to accept that
 * (suppressHydrationWarning covers an element's own text only, hence the whole text in one element).
 */
export function RelativeTime({
  value,
  prefix = '',
  className,
}: {
  value: string;
  prefix?: string;
  className?: string;
}) {
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {prefix}
      {formatRelative(value)}
    </time>
  );
}
