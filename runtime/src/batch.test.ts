import { describe, expect, it } from 'vitest';
import { createBatcher, createGroupCommit } from './batch';

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

describe('createGroupCommit', () => {
  it('flushes a lone item at once, gathers the items of a running flush into the next, and answers each its own result', async () => {
    const flushed: number[][] = [];
    let release = () => {};
    const commit = createGroupCommit<number, string>(
      async (items) => {
        flushed.push(items);
        if (items[0] === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((n) => `done ${n}`);
      },
      { maxBatch: 2 },
    );
    const first = commit(1);
    const rest = [commit(2), commit(3), commit(4)];
    expect(flushed).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(flushed).toEqual([[1], [2, 3], [4]]);
  });

  it('rejects every item of a failed flush and goes on with the next', async () => {
    const commit = createGroupCommit<number, number>(
      async (items) => {
        if (items.includes(2)) throw new Error('statement failed');
        return items;
      },
      { maxBatch: 10 },
    );
    const first = commit(1);
    const failing = [commit(2), commit(3)];
    expect(await first).toBe(1);
    await expect(Promise.all(failing)).rejects.toThrow('statement failed');
    await expect(failing[1]).rejects.toThrow('statement failed');
    expect(await commit(4)).toBe(4);
  });
});
