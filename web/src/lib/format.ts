/**
 * Dates and counts as the screens show them (en-US). The date arithmetic is date-fns's (parsing,
 * validity, ages); the words are written here: date-fns's `format` and `formatDistanceStrict` bring its
 * whole en-US locale (5 and 3 KiB brotli), past the landing page's JavaScript budget (scripts/budgets,
 * docs/performance.md), and creating an Intl formatter costs tens of milliseconds of a phone's main
 * thread during hydration. Tests pin the output to Intl's.
 */
import { differenceInSeconds, isValid, toDate as parseDate } from 'date-fns';

/** A value made on first use: creating an Intl formatter is costly, and module evaluation is one long task. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** en-US short month names, as Intl.DateTimeFormat('en-US', { month: 'short' }) writes them. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const COUNT_FORMAT = onFirstUse(() => new Intl.NumberFormat('en-US'));

/** Below this age a time reads 'less than a minute ago'. */
const JUST_NOW_SECONDS = 60;
/** Each unit is used below the next one's threshold (seconds per unit, and the age it applies up to). */
const RELATIVE_UNITS: ReadonlyArray<{
  unit: 'minute' | 'hour' | 'day' | 'month' | 'year';
  seconds: number;
  below: number;
}> = [
  { unit: 'minute', seconds: 60, below: 3600 },
  { unit: 'hour', seconds: 3600, below: 86_400 },
  { unit: 'day', seconds: 86_400, below: 30 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400, below: 365 * 86_400 },
  { unit: 'year', seconds: 365 * 86_400, below: Number.POSITIVE_INFINITY },
];

/** Parses an API date (ISO text or Date); invalid input gives null. */
function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = parseDate(value);
  return isValid(date) ? date : null;
}

/** 'Jan 5, 2025' (joined / created dates); '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  // What Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) writes, in
  // the local time zone as it does, without creating one (~20 ms of a phone's main thread).
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/** Relative time with suffix, e.g. '3 days ago'; '' for a missing or invalid date. */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  // A future date (clock skew) reads as just now.
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < JUST_NOW_SECONDS) return 'less than a minute ago';
  const { unit, seconds: size } = RELATIVE_UNITS.find((u) => seconds < u.below)!;
  // What Intl.RelativeTimeFormat('en-US', { numeric: 'always' }) says ('1 day ago', never
  // 'yesterday'), without creating one: its first creation costs ~15 ms of a phone's main thread.
  const count = Math.floor(seconds / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** A count with thousands separators in the user's locale (shown in tabular figures). */
export function formatCount(value: number): string {
  // Whole numbers (every count shown) get en-US grouping directly: creating the Intl formatter costs
  // more main-thread time during hydration than all the cards' formatting together.
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return COUNT_FORMAT().format(value);
}
