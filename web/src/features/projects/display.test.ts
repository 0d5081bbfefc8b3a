import { describe, expect, it } from 'vitest';
import { badgeTier, categoryColor, ratingColor, ratingText } from '@vitrine/domain/display';
import { distributionRows } from './components/rating-distribution';
import { RATING_OPTIONS } from './components/rate-control';
import { ratingToastTitle } from './hooks/use-rate';
import { ALREADY_VOTED_TEXT } from './hooks/use-vote';
import { embedUrl, externalLinkLabel } from './lib/links';
import { classifySubmitFailure } from './components/submit-project-dialog';
import { ApiError } from '../../lib/api';

describe('rating text and colour', () => {
  it("shows 'x.y (n)' or 'No ratings'", () => {
    expect(ratingText(8.25, 4)).toBe('8.3 (4)');
    expect(ratingText('7.0', 2)).toBe('7.0 (2)');
    expect(ratingText(0, 0)).toBe('No ratings');
    expect(ratingText('0.0', 3)).toBe('No ratings');
  });
  it('colours 8+ green, 5-7 yellow, below 5 red', () => {
    expect([9, 8, 7.9, 5, 4.9, 1].map(ratingColor)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });
  it('badge tiers need 3 ratings and 8+', () => {
    expect(badgeTier(9.7, 2)).toBeNull();
    expect(badgeTier(7.9, 10)).toBeNull();
    expect([8, 8.5, 9, 9.5].map((a) => badgeTier(a, 3))).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum']);
  });
  it('category colours', () => {
    expect(
      ['Web App', 'Game', 'Utility', 'Creative', 'Data Visualization', 'Educational', 'AI/ML', 'Other'].map(
        categoryColor,
      ),
    ).toEqual(['blue', 'blue', 'blue', 'green', 'purple', 'yellow', 'pink', 'grey']);
  });
});

describe('rate control', () => {
  it('lists 1/10 to 10/10', () => {
    expect(RATING_OPTIONS.map((o) => o.label)).toEqual([
      '1/10',
      '2/10',
      '3/10',
      '4/10',
      '5/10',
      '6/10',
      '7/10',
      '8/10',
      '9/10',
      '10/10',
    ]);
  });
  it("says 'Rating updated' on a re-rate", () => {
    expect(ratingToastTitle(false)).toBe('Rating submitted');
    expect(ratingToastTitle(true)).toBe('Rating updated');
  });
  it('distribution rows run 10 down to 1 with percentages', () => {
    const rows = distributionRows([0, 0, 0, 0, 0, 0, 1, 0, 0, 3]);
    expect(rows[0]).toEqual({ rating: 10, count: 3, percent: 75 });
    expect(rows[3]).toEqual({ rating: 7, count: 1, percent: 25 });
    expect(rows[9]).toEqual({ rating: 1, count: 0, percent: 0 });
    expect(distributionRows([]).every((r) => r.percent === 0)).toBe(true);
  });
});

describe('optimistic vote', () => {
  it('has the two Already voted texts', () => {
    expect(ALREADY_VOTED_TEXT).toEqual({
      card: 'You have already voted for this project.',
      page: "You've already voted for this project.",
    });
  });
});

describe('project links', () => {
  it('names the hosting platform', () => {
    expect(externalLinkLabel('https://my-app.replit.app/')).toBe('View on Replit');
    expect(externalLinkLabel('https://x.example/')).toBe('View Project');
    expect(externalLinkLabel('not a url')).toBe('View Project');
  });
  it('adds the embed flag and refuses non-http addresses', () => {
    expect(embedUrl('https://a.example/?b=1')).toBe('https://a.example/?b=1&embed=true');
    expect(embedUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('submission failures', () => {
  it('classifies 429, URL problems, other errors and non-errors', () => {
    expect(classifySubmitFailure(new ApiError(429, 'Too Many Requests', '{"message":"Too many requests"}'))).toEqual({
      kind: 'rateLimit',
    });
    expect(
      classifySubmitFailure(
        new ApiError(400, 'Bad Request', '{"message":"Please enter a valid URL including http:// or https://"}'),
      ),
    ).toEqual({
      kind: 'url',
    });
    expect(
      classifySubmitFailure(new ApiError(400, 'Bad Request', '{"message":"Title must be at least 3 characters"}')),
    ).toEqual({
      kind: 'other',
      message: 'Title must be at least 3 characters',
    });
    expect(classifySubmitFailure('boom')).toEqual({ kind: 'unknown' });
  });
});
