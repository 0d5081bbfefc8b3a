/**
 * Dates and counts as the screens show them (en-US), with date-fns: parsing, validity and the
 * words of `format` and `formatDistanceStrict` (its default en-US locale; no Intl formatter is
 * created, which costs a phone's main thread tens of milliseconds during hydration). Tests pin the
 * output to Intl's.
 */
import { differenceInSeconds, format, formatDistanceStrict, isValid, toDate as parseDate } from 'date-fns';

/** Below this age a time reads 'less than a minute ago'. */
const JUST_NOW_SECONDS = 60;

/** A value made on first use: creating an Intl formatter is costly, and module evaluation is one long task. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
const COUNT_FORMAT = onFirstUse(() => new Intl.NumberFormat('en-US'));

/** Parses an API date (ISO text or Date); invalid input gives null. */
function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = parseDate(value);
  return isValid(date) ? date : null;
}

/** 'Jan 5, 2025' (joined / created dates), in the local time zone; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : '';
}

/** Relative time with suffix, e.g. '3 days ago'; '' for a missing or invalid date. */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  // A future date (clock skew) reads as just now; whole units, rounded down ('1 day ago', never 'yesterday').
  if (differenceInSeconds(now, date) < JUST_NOW_SECONDS) return 'less than a minute ago';
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' });
}

/** A count with thousands separators in the user's locale (shown in tabular figures). */
export function formatCount(value: number): string {
  // Whole numbers (every count shown) get en-US grouping directly: creating the Intl formatter costs
  // more main-thread time during hydration than all the cards' formatting together.
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return COUNT_FORMAT().format(value);
}

/** A count and its noun, singular for exactly one: '1 vote', '1,204 votes'. */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** Up to two letters standing for a title on a card without a picture ("Snake Reloaded" -> "SR"). */
export function initialsOf(title: string): string {
  const words = title.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase('en-US'))
    .join('');
}
