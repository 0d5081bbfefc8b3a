import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch';

describe('createBatcher', () => {
  it('sends a lone item at once and gathers the items added during a flush into the next one', async () => {
    const flushed: number[][] = [];
    let release = () => {};
    const add = createBatcher<number>(async (items) => {
      flushed.push(items);
      if (items[0] === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = add([1]);
    await Promise.resolve();
    const rest = [add([2]), add([3, 4]), add([5])];
    expect(flushed).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(flushed).toEqual([[1], [2, 3, 4, 5]]);
    await add([6]);
    expect(flushed).toEqual([[1], [2, 3, 4, 5], [6]]);
  });
});
