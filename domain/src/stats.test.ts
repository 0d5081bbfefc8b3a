import { describe, expect, it } from 'vitest';
import { clickThrough, viewSource } from './stats';

describe('viewSource', () => {
  it('keeps a usable utm_source first, lower case', () => {
    expect(viewSource({ referrer: 'https://news.example/a', utmSource: ' Spring_Letter ' })).toBe('spring_letter');
  });

  it("keeps the referrer's host only, without www., never its path or query", () => {
    expect(viewSource({ referrer: 'https://www.News.example/story/1?token=secret#x' })).toBe('news.example');
    expect(viewSource({ referrer: 'http://127.0.0.1:3000/projects/1' })).toBe('127.0.0.1');
  });

  it('counts a missing, malformed or non-web referrer as direct, and an unusable utm_source as absent', () => {
    expect(viewSource({})).toBe('(direct)');
    expect(viewSource({ referrer: 'not a url' })).toBe('(direct)');
    expect(viewSource({ referrer: 'android-app://com.example.reader/' })).toBe('(direct)');
    expect(viewSource({ referrer: 'https://forum.example/', utmSource: '<script>' })).toBe('forum.example');
  });

  it('counts a source longer than 64 characters as (other)', () => {
    expect(viewSource({ referrer: `https://${'a'.repeat(70)}.example/` })).toBe('(other)');
    expect(viewSource({ utmSource: 'b'.repeat(65) })).toBe('(other)');
  });
});

describe('clickThrough', () => {
  it('is clicks per view, 0 without views', () => {
    expect(clickThrough(1, 4)).toBe(0.25);
    expect(clickThrough(3, 0)).toBe(0);
  });
});
