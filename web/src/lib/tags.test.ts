import { describe, expect, it } from 'vitest';
import { splitTags } from '@vitrine/domain/schemas/project';
import { tagList } from './tags';

describe('tagList', () => {
  it('splits like the domain splitTags', () => {
    for (const input of ['a, b,c', ' , x ,, y ', '', null, undefined, 'solo']) {
      expect(tagList(input)).toEqual(splitTags(input));
    }
  });
});
