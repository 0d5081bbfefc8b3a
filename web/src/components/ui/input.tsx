import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** The classes every text control shares (Input here, Textarea in field.tsx). */
export const CONTROL_CLASSES =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 ' +
  'hover:border-zinc-400 focus-visible:border-accent-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 ' +
  'aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:opacity-50';

/** A text input; `invalid` marks it for screen readers and styles it red. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(
  function Input({ className, invalid, ...rest }, ref) {
    return (
      <input
        ref={ref}
        aria-invalid={invalid || undefined}
        className={cn(CONTROL_CLASSES, 'h-10', className)}
        {...rest}
      />
    );
  },
);
