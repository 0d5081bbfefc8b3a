import { Star } from 'lucide-react';
import { ratingColor, ratingText } from '@vitrine/domain/display';
import { Badge } from '../../../components/ui/badge';

/**
 * The rating badge: 'x.y (n)' coloured by the average (green 8+, yellow 5-7, red below 5),
 * or a grey 'No ratings' when the average is 0.
 */
export function RatingBadge({
  average,
  count,
  className,
}: {
  average: number | string;
  count: number;
  className?: string;
}) {
  const avg = Number(average);
  const text = ratingText(avg, count);
  const rated = Boolean(avg);
  return (
    <Badge
      color={rated ? ratingColor(avg) : 'grey'}
      className={`tabular ${className ?? ''}`}
      aria-label={
        rated ? `Rated ${avg.toFixed(1)} out of 10 from ${count} ${count === 1 ? 'rating' : 'ratings'}` : 'No ratings'
      }
    >
      <Star className={rated ? 'fill-current' : undefined} aria-hidden="true" />
      {text}
    </Badge>
  );
}
