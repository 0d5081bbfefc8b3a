/** Display rules shared by the client and its tests: colours, badge tiers, rating text. */

/** Tailwind classes for a category badge. */
export function categoryColor(category: string): 'blue' | 'green' | 'purple' | 'yellow' | 'pink' | 'grey' {
  const c = category.trim().toLowerCase();
  if (['web app', 'utility', 'developer tool', 'game'].includes(c)) return 'blue';
  if (c === 'creative') return 'green';
  if (['data visualization', 'data viz', 'collaboration'].includes(c)) return 'purple';
  if (c === 'educational') return 'yellow';
  if (c === 'ai/ml') return 'pink';
  return 'grey';
}

/** Rating colour: 8 or more green, 5 to 7 yellow, below 5 red. */
export function ratingColor(rating: number): 'green' | 'yellow' | 'red' {
  if (rating >= 8) return 'green';
  if (rating >= 5) return 'yellow';
  return 'red';
}

/** Badge tier: none under 3 ratings or below 8. */
export type BadgeTier = 'Platinum' | 'Gold' | 'Silver' | 'Bronze';
const BADGE_MIN_RATINGS = 3;
export function badgeTier(average: number, count: number): BadgeTier | null {
  if (count < BADGE_MIN_RATINGS) return null;
  if (average >= 9.5) return 'Platinum';
  if (average >= 9) return 'Gold';
  if (average >= 8.5) return 'Silver';
  if (average >= 8) return 'Bronze';
  return null;
}

/** 'x.y (n)' or 'No ratings' when the average is 0 (the project card). */
export function ratingText(average: number | string, count: number): string {
  const avg = Number(average);
  if (!avg) return 'No ratings';
  return `${avg.toFixed(1)} (${count})`;
}
