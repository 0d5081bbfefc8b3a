import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/field';

/** Typing settles this long before the list is searched, so each keystroke does not fetch. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The project search box of the Latest tab: a labelled search field that reports its value once
 * typing pauses. `value` is the search in force (from the URL), so Back/Forward and links fill it.
 */
export function ProjectSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <form
      role="search"
      className="relative mb-5 w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="project-search" className="sr-only">
        Search projects
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400" />
      <Input
        id="project-search"
        type="search"
        placeholder="Search projects"
        autoComplete="off"
        className="pl-9"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
