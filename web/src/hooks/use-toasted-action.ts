import { useCallback, useState } from 'react';
import { toast, type ToastInput } from '../components/ui/toast';
import { failureReason } from '../lib/reason';

/** What an action says when it ends, and what follows a success. */
export interface ActionOptions<R> {
  /** The toast after a success; a function gets the result. Omit for a quiet success. */
  success?: ToastInput | ((result: R) => ToastInput);
  /**
   * The failure toast (always the destructive style), from the error; it may also mark fields. Null
   * for none: a form that shows the failure where it is (inline, in a live region) says it once.
   */
  failure: (error: unknown) => Omit<ToastInput, 'variant'> | null;
  /** Runs after a success and its toast: close a dialog, reset a form, hand the result on. */
  onSuccess?: (result: R) => void;
  /** Keeps the busy mark after a success, for a row that is about to leave its list. */
  keepBusy?: boolean;
}

/** Where an action reports its state: the busy key, the error text, the toasts. */
export interface ActionSink {
  setBusy: (key: string | null) => void;
  setError: (text: string | null) => void;
  show: (input: ToastInput) => void;
}

/**
 * One run of an action, outside React (useToastedAction is this with React state): marks `key` busy, awaits
 * `work`, then shows the success toast or the destructive failure toast and records the error text.
 * Resolves true on success, false on a failure (which has been reported); never rejects.
 */
export async function runToastedAction<R>(
  sink: ActionSink,
  key: string,
  work: () => Promise<R>,
  options: ActionOptions<R>,
): Promise<boolean> {
  sink.setBusy(key);
  sink.setError(null);
  let result: R;
  try {
    result = await work();
  } catch (error) {
    sink.setError(failureReason(error));
    const told = options.failure(error);
    if (told) sink.show({ ...told, variant: 'destructive' });
    sink.setBusy(null);
    return false;
  }
  if (options.success) sink.show(typeof options.success === 'function' ? options.success(result) : options.success);
  if (!options.keepBusy) sink.setBusy(null);
  options.onSuccess?.(result);
  return true;
}

/**
 * The admin and form actions' shared scaffolding: `busy` names the running action (a key such as
 * `pause-7`, so one hook serves a whole table), `error` holds the last failure's text until the next
 * run, and `run` shows the toasts:
 *
 *   const action = useToastedAction();
 *   action.run(`pause-${user.id}`, () => actions.setPaused(user.id, true), {
 *     success: { title: 'User pause status updated successfully' },
 *     failure: (error) => ({ title: 'Error', description: `Failed to update user pause status: ${failureReason(error)}` }),
 *   });
 */
export function useToastedAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    <R>(key: string, work: () => Promise<R>, options: ActionOptions<R>) =>
      runToastedAction({ setBusy, setError, show: toast }, key, work, options),
    [],
  );
  return { busy, error, run };
}
