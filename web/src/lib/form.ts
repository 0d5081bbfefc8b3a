import { useCallback, useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type { z } from 'zod';

/** Field errors keyed by the first path segment, first message per field (what the form shows). */
export type FieldErrors = Partial<Record<string, string>>;

/** Turns zod issues into one message per field. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Values and field errors of a form, over a `[values, setValues]` pair (a form's own useState, or
 * one its parent holds). `set(key, value)` changes one field and clears that field's error.
 */
export function useFieldState<V extends object>(state: [V, Dispatch<SetStateAction<V>>]) {
  const [values, setValues] = state;
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(
    <K extends keyof V>(key: K, value: V[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      // Clear a field's error as soon as it is edited.
      setErrors((current) => (current[key as string] ? { ...current, [key as string]: undefined } : current));
    },
    [setValues],
  );
  return { values, setValues, set, errors, setErrors };
}

/**
 * Form state validated with a domain schema (the same zod schema the server uses, so the texts
 * match). `values` has the form's own shape V; `validate()` returns the parsed output or null and
 * sets the errors. `set`, `reset` and `validate` are stable between renders where possible.
 */
export function useSchemaForm<V extends object, O>(schema: z.ZodType<O>, initial: V) {
  const { values, setValues, set, errors, setErrors } = useFieldState(useState<V>(initial));
  const initialRef = useRef(initial);
  const validate = (): O | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error.issues));
    return null;
  };
  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initialRef.current);
      setErrors({});
    },
    [setValues, setErrors],
  );
  return { values, set, errors, setErrors, validate, reset };
}

/**
 * Moves focus to the first field marked invalid, after React has painted the errors, so keyboard and
 * screen-reader users land on what needs fixing.
 */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The submit handler of a form: stops the browser's submit, ignores a submit while one is running,
 * asks `check()` for the input (null: invalid, the form shows its errors; with `focusInvalid` focus
 * then moves to the first invalid field), then awaits `send(input)` with `pending` true. `send`
 * handles its own failures (toasts, field errors); with `focusInvalid`, a field the server refused
 * (marked by `send`) takes focus once its error shows.
 */
export function useFormSubmit<I>(
  check: () => I | null,
  send: (input: I) => Promise<unknown>,
  options: { focusInvalid?: boolean } = {},
) {
  const [pending, setPending] = useState(false);
  // The form whose send just ended: once its errors are on the page, focus goes to the first one.
  const sent = useRef<HTMLFormElement | null>(null);
  const [sends, setSends] = useState(0);
  useEffect(() => {
    const form = sent.current;
    sent.current = null;
    if (form?.isConnected) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [sends]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const input = check();
    if (input === null) {
      if (options.focusInvalid) focusFirstInvalid(form);
      return;
    }
    setPending(true);
    try {
      await send(input);
    } finally {
      setPending(false);
      if (options.focusInvalid) {
        sent.current = form;
        setSends((n) => n + 1);
      }
    }
  };
  return { pending, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
