import { describe, expect, it } from 'vitest';
import { redisTarget } from './redis';

describe('redisTarget', () => {
  it('connects to REDIS_URL directly without sentinels', () => {
    expect(redisTarget({ redisUrl: 'redis://127.0.0.1:6379', redisSentinel: null })).toEqual({
      url: 'redis://127.0.0.1:6379',
      options: {},
    });
  });

  it('asks the sentinels for the primary, keeping the user, password and database of REDIS_URL', () => {
    const sentinels = [
      { host: '10.0.0.1', port: 26379 },
      { host: '10.0.0.2', port: 26379 },
    ];
    const target = redisTarget({
      redisUrl: 'redis://app:s%40cret@ignored.example:6379/2',
      redisSentinel: { sentinels, name: 'mymaster' },
    });
    expect(target.url).toBeUndefined();
    expect(target.options).toMatchObject({
      sentinels,
      name: 'mymaster',
      role: 'master',
      failoverDetector: true,
      username: 'app',
      password: 's@cret',
      db: 2,
    });
    // A write that reached the old primary after it became a replica reconnects and is sent again.
    const reconnect = target.options.reconnectOnError!;
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnect(new Error('ERR unknown command'))).toBe(false);
  });
});
