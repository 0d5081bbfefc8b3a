import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, errorStatus } from './api';
import { formatCount, formatCountOf, formatDate, formatRelative, initialsOf } from './format';
import { documentTitle } from './site';
import { serializeJsonLd } from './json-ld';
import { fieldErrors } from './form';

describe('api errors', () => {
  it("formats '{status}: {body or statusText}'", () => {
    expect(new ApiError(409, 'Conflict', '{"message":"Already voted"}').message).toBe(
      '409: {"message":"Already voted"}',
    );
    expect(new ApiError(500, 'Internal Server Error', '').message).toBe('500: Internal Server Error');
  });
  it("extracts the server's {message} or falls back", () => {
    expect(errorMessage(new ApiError(400, 'Bad Request', '{"message":"Nope"}'), 'fallback')).toBe('Nope');
    expect(errorMessage(new ApiError(502, 'Bad Gateway', ''), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(errorStatus(new ApiError(404, 'Not Found', ''))).toBe(404);
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });
});

describe('format', () => {
  it('a title stands as up to two initials on a card without a picture', () => {
    expect(initialsOf('Snake Reloaded')).toBe('SR');
    expect(initialsOf('pixel garden of the weather')).toBe('PG');
    expect(initialsOf('Émile & 2048 clone')).toBe('É2');
    expect(initialsOf('Orbit')).toBe('O');
    expect(initialsOf('-- ::')).toBe('');
  });

  it("dates look like 'Jan 5, 2025'", () => {
    expect(formatDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
  it('relative times have a suffix', () => {
    const now = new Date();
    expect(formatRelative(new Date(now.getTime() - 3 * 24 * 3600 * 1000))).toBe('3 days ago');
    expect(formatRelative(new Date(now.getTime() + 60_000), now)).toBe('less than a minute ago');
    const ago = (seconds: number) => formatRelative(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(59)).toBe('less than a minute ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60)).toBe('59 minutes ago');
    expect(ago(2 * 3600 + 5)).toBe('2 hours ago');
    expect(ago(86_400)).toBe('1 day ago');
    expect(ago(45 * 86_400)).toBe('1 month ago');
    expect(ago(800 * 86_400)).toBe('2 years ago');
  });
  it('dates read as Intl.DateTimeFormat en-US (short month, day, year) reads them, in local time', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month * 2 + 1, 23, 30);
      expect(formatDate(date)).toBe(intl.format(date));
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
  });
  it('counts are grouped as Intl.NumberFormat en-US groups them', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -1234, -5, 2.5, 1234.75, Number.MAX_SAFE_INTEGER])
      expect(formatCount(n)).toBe(intl.format(n));
  });
  it('a count takes its singular noun for exactly one', () => {
    expect(formatCountOf(1, 'vote', 'votes')).toBe('1 vote');
    expect(formatCountOf(0, 'vote', 'votes')).toBe('0 votes');
    expect(formatCountOf(1204, 'view', 'views')).toBe('1,204 views');
  });
  it('relative times read as Intl.RelativeTimeFormat en-US (numeric: always) reads them', () => {
    const now = new Date();
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
    const cases: Array<[number, number, Intl.RelativeTimeFormatUnit]> = [
      [60, 1, 'minute'],
      [150, 2, 'minute'],
      [3600, 1, 'hour'],
      [23 * 3600, 23, 'hour'],
      [86_400, 1, 'day'],
      [29 * 86_400, 29, 'day'],
      [30 * 86_400, 1, 'month'],
      [300 * 86_400, 10, 'month'],
      [365 * 86_400, 1, 'year'],
      [5000 * 86_400, 13, 'year'],
    ];
    for (const [seconds, count, unit] of cases) {
      expect(formatRelative(new Date(now.getTime() - seconds * 1000), now)).toBe(intl.format(-count, unit));
    }
  });
});

describe('document title and JSON-LD', () => {
  it("suffixes the site name: '{page} | {site}'", () => {
    expect(documentTitle('About', 'Vitrine')).toBe('About | Vitrine');
    expect(documentTitle(null, 'Vitrine')).toBe('Vitrine');
  });
  it('escapes < so user text cannot close the script element', () => {
    expect(serializeJsonLd({ name: '</script><b>' })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});

describe('form errors', () => {
  it('keeps the first message per field', () => {
    expect(
      fieldErrors([
        { path: ['title'], message: 'A' },
        { path: ['title'], message: 'B' },
        { path: ['url'], message: 'C' },
      ]),
    ).toEqual({ title: 'A', url: 'C' });
  });
});
