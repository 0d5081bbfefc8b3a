import { describe, expect, it } from 'vitest';
import type { ToastInput } from '../components/ui/toast';
import { ApiError } from '../lib/api';
import { runToastedAction, type ActionSink } from './use-toasted-action';

/** An ActionSink that records what an action did, in order. */
function recorder() {
  const events: string[] = [];
  const toasts: ToastInput[] = [];
  const sink: ActionSink = {
    setBusy: (key) => events.push(`busy:${key}`),
    setError: (text) => events.push(`error:${text}`),
    show: (input) => {
      toasts.push(input);
      events.push(`toast:${input.title}`);
    },
  };
  return { sink, events, toasts };
}

describe('useToastedAction (runToastedAction)', () => {
  it('marks the action busy, shows the success toast, clears busy, then hands the result on', async () => {
    const { sink, events, toasts } = recorder();
    const handed: number[] = [];
    const ok = await runToastedAction(sink, 'pause-7', async () => 42, {
      success: (n) => ({ title: `Saved ${n}` }),
      failure: () => ({ title: 'never' }),
      onSuccess: (n) => handed.push(n),
    });
    expect(ok).toBe(true);
    expect(events).toEqual(['busy:pause-7', 'error:null', 'toast:Saved 42', 'busy:null']);
    expect(toasts).toEqual([{ title: 'Saved 42' }]);
    expect(handed).toEqual([42]);
  });

  it('on failure shows the destructive toast from the error, keeps its text, clears busy and resolves false', async () => {
    const { sink, events, toasts } = recorder();
    const onSuccess = () => events.push('onSuccess');
    const ok = await runToastedAction(
      sink,
      'delete-3',
      () => Promise.reject(new ApiError(403, 'Forbidden', '{"message":"Your account is paused"}')),
      {
        success: { title: 'Deleted' },
        failure: (error) => ({ title: 'Error', description: `Failed to delete user: ${(error as ApiError).status}` }),
        onSuccess,
      },
    );
    expect(ok).toBe(false);
    expect(events).toEqual(['busy:delete-3', 'error:null', 'error:Your account is paused', 'toast:Error', 'busy:null']);
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed to delete user: 403', variant: 'destructive' }]);
  });

  it('shows no failure toast when the failure step answers null (a form that says it inline)', async () => {
    const { sink, events, toasts } = recorder();
    const said: string[] = [];
    const ok = await runToastedAction(sink, 'send', () => Promise.reject(new Error('offline')), {
      failure: (error) => {
        said.push((error as Error).message);
        return null;
      },
    });
    expect(ok).toBe(false);
    expect(said).toEqual(['offline']);
    expect(toasts).toEqual([]);
    expect(events).toEqual(['busy:send', 'error:null', 'error:offline', 'busy:null']);
  });

  it('keeps the busy mark after a success when asked (a row about to leave its list), and may stay quiet', async () => {
    const { sink, events, toasts } = recorder();
    await runToastedAction(sink, 'reviewed', async () => undefined, {
      failure: () => ({ title: 'Update failed' }),
      keepBusy: true,
    });
    expect(events).toEqual(['busy:reviewed', 'error:null']);
    expect(toasts).toEqual([]);
  });

  it('uses the error text for a network failure too', async () => {
    const { sink, events } = recorder();
    await runToastedAction(sink, 'x', () => Promise.reject(new Error('Failed to fetch')), {
      failure: () => ({ title: 'Action failed' }),
    });
    expect(events).toContain('error:Failed to fetch');
  });
});
