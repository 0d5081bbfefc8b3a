import { format, formatDistanceToNow } from 'date-fns';

/** Parses an API date (ISO text or Date); invalid input gives null. */
function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Jan 5, 2025' (spec §9 joined/created dates); '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : '';
}

/** Relative time with suffix, e.g. '3 days ago' (spec §9); '' for a missing or invalid date. */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  // date-fns measures against the real clock; clamp future dates (clock skew) to "less than a minute ago".
  return formatDistanceToNow(date > now ? now : date, { addSuffix: true });
}

/** A count with thousands separators in the user's locale (shown in tabular figures). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}
