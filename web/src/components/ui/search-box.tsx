import { useEffect, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** Typing settles this long before the search runs, so each keystroke does not fetch. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A labelled search field that reports its trimmed value once typing pauses (or on Enter).
 * `value` is the search in force (from the URL or the parent's state), so Back/Forward and links
 * fill it: `<SearchBox label="Search projects" value={q} onSearch={setQ} />`.
 */
export function SearchBox({
  label,
  value,
  onSearch,
  className,
}: {
  /** The accessible name and the placeholder. */
  label: string;
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The last search this box reported: when `value` catches up with it, the field keeps what was typed
  // since; any other new `value` (Back/Forward, a link) replaces the text.
  const reported = useRef(value);
  const report = (q: string) => {
    reported.current = q;
    onSearch(q);
  };
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => report(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `report` is recreated each render; `onSearch` stands for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, value, onSearch]);
  return (
    <form
      role="search"
      aria-label={label}
      className={cn('relative w-full sm:max-w-sm', className)}
      onSubmit={(event) => {
        event.preventDefault();
        report(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
      />
      <Input
        id={id}
        type="search"
        placeholder={label}
        autoComplete="off"
        className="pl-9"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
