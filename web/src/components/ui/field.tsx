import { forwardRef, useId, type LabelHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASSES as control, Input } from './input';

export { Input };

/** A multi-line input. */
export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }
>(function Textarea({ className, invalid, rows = 4, ...rest }, ref) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(control, 'py-2', className)}
      {...rest}
    />
  );
});

/** A form label. */
export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-zinc-800 dark:text-zinc-200', className)} {...rest} />;
}

/** An inline validation message; give its id to the field's aria-describedby. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/** A hint under a field. */
export function FieldHint({ id, children }: { id?: string; children?: ReactNode }) {
  return (
    <p id={id} className="text-xs text-zinc-500 dark:text-zinc-400">
      {children}
    </p>
  );
}

/** Props handed to the control inside Field: its id and the ids that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  invalid: boolean;
}

/**
 * Label + control + hint + error wired together:
 * `<Field label="Title" error={errors.title}>{(p) => <Input {...p} value=... />}</Field>`
 */
export function Field({
  label,
  error,
  hint,
  children,
  className,
  id: givenId,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (props: FieldControlProps) => ReactNode;
  className?: string;
  /** The control's id, when something else must find it (focus after an action); else a generated one. */
  id?: string;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, invalid: Boolean(error) })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A checkbox with its label (Ark UI, with a real hidden input for forms and keyboard). */
export function Checkbox({
  checked,
  onCheckedChange,
  children,
  disabled,
  name,
  className,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  className?: string;
}) {
  return (
    <ArkCheckbox.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
      disabled={disabled}
      name={name}
      className={cn(
        'group inline-flex cursor-pointer items-center gap-2 text-sm data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
        className,
      )}
    >
      <ArkCheckbox.Control
        className={cn(
          'inline-flex size-4 shrink-0 items-center justify-center rounded border border-zinc-400 bg-white transition-colors dark:border-zinc-600 dark:bg-zinc-900',
          'data-[state=checked]:border-accent-600 data-[state=checked]:bg-accent-600 data-[state=checked]:text-white',
          'group-has-[:focus-visible]:outline-2 group-has-[:focus-visible]:outline-offset-2 group-has-[:focus-visible]:outline-accent-500',
        )}
      >
        <ArkCheckbox.Indicator>
          <Check className="size-3" strokeWidth={3} aria-hidden="true" />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className="text-zinc-800 dark:text-zinc-200">{children}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  );
}

/**
 * A group of checkboxes choosing several of `options` (a fieldset with its legend), in the options'
 * order. Native inputs: an error marks the first one invalid, so a refused submit focuses it
 * (lib/form.ts `focusInvalid`), and the error is read with the group.
 * `<CheckboxGroup legend="Scopes" name="scopes" options={SCOPES} chosen={values.scopes} error={errors.scopes} onChange={...} label={(s) => s} />`
 */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  chosen,
  error,
  onChange,
  label,
  className,
}: {
  legend: ReactNode;
  name: string;
  options: readonly T[];
  chosen: readonly T[];
  error?: string;
  onChange: (chosen: T[]) => void;
  label: (option: T) => ReactNode;
  /** Classes of the options' grid (columns). */
  className?: string;
}) {
  const errorId = `${useId()}-error`;
  const toggle = (option: T, on: boolean) => onChange(options.filter((o) => (o === option ? on : chosen.includes(o))));
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className={cn('mt-2 grid gap-2', className)}>
        {options.map((option, i) => (
          <label key={option} className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
              aria-invalid={i === 0 && error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-accent-600"
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
      <div className="mt-1.5">
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </fieldset>
  );
}
