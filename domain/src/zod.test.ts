import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * No CSP eval violation from zod. zod v4 probes `new Function('')` when it builds its first
 * object schema unless `jitless` is set first; this file runs in a process of its own (vitest forks),
 * so zod has not probed yet when the domain's schemas are imported here.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zod in the domain', () => {
  it('never calls the Function constructor while building or parsing the schemas', async () => {
    const original = globalThis.Function;
    const probe = vi.fn(function (this: unknown, ...args: string[]) {
      return new original(...args);
    });
    vi.stubGlobal('Function', probe);
    const { loginSchema, registerSchema } = await import('./schemas/auth');
    const { projectSubmitSchema } = await import('./schemas/project');
    await import('./events');
    expect(loginSchema.safeParse({ username: 'someone', password: 'secret-pass' }).success).toBe(true);
    expect(registerSchema.safeParse({ username: 'x' }).success).toBe(false);
    expect(projectSubmitSchema.safeParse({}).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });
});
