import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

/** One option of a Select. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** Props of Select: a native <select> (best keyboard, screen reader and phone support). */
export interface SelectProps<V extends string = string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  options: SelectOption<V>[];
  value?: V | '';
  onValueChange?: (value: V) => void;
  /** A first, unselectable option shown while nothing is chosen. */
  placeholder?: string;
  invalid?: boolean;
}

/**
 * A styled native select: `<Select aria-label="Sort by" options={...} value={v} onValueChange={setV} />`.
 * Give it a visible <Label htmlFor> or an aria-label.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, value, onValueChange, placeholder, invalid, className, ...rest },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <select
        ref={ref}
        value={value}
        onChange={(event) => onValueChange?.(event.target.value)}
        aria-invalid={invalid || undefined}
        className={cn(
          'h-10 w-full appearance-none rounded-lg border border-zinc-300 bg-white pl-3 pr-9 text-sm text-zinc-900 shadow-xs transition-colors',
          'hover:border-zinc-400 focus-visible:border-accent-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          'aria-[invalid]:border-red-500 disabled:opacity-50',
        )}
        {...rest}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
        aria-hidden="true"
      />
    </div>
  );
}) as <V extends string = string>(props: SelectProps<V> & { ref?: React.Ref<HTMLSelectElement> }) => React.ReactElement;
