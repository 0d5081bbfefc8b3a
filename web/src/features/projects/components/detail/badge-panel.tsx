import { useId, useState } from 'react';
import { Copy } from 'lucide-react';
import {
  BADGE_METRICS,
  BADGE_STYLES,
  BADGE_THEMES,
  badgePath,
  DEFAULT_BADGE_OPTIONS,
  type BadgeOptions,
} from '@vitrine/domain/badges';
import type { ProjectDetail } from '@vitrine/domain/answers';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { toast } from '../../../../components/ui/toast';
import { copyText } from '../../../../lib/clipboard';
import { cn } from '../../../../lib/cn';
import { siteName, siteUrl } from '../../../../lib/site';
import { badgeSnippets } from '../../lib/badge-snippets';

/** The words of each choice. */
const LABELS = {
  style: { flat: 'Flat', card: 'Card' },
  theme: { light: 'Light', dark: 'Dark' },
  metric: { votes: 'Votes', rank: 'Rank', outcome: 'Outcome' },
} as const;

/** One choice of the badge as a group of radio buttons (arrow keys move within it). */
function Choice<K extends keyof BadgeOptions>({
  name,
  legend,
  values,
  options,
  onChange,
}: {
  name: K;
  legend: string;
  values: readonly BadgeOptions[K][];
  options: BadgeOptions;
  onChange: (next: BadgeOptions) => void;
}) {
  const group = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-lg border px-2.5 py-1 text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500',
              options[name] === value
                ? 'border-accent-600 bg-accent-50 text-accent-900 dark:border-accent-400 dark:bg-accent-950 dark:text-accent-100'
                : 'border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
            )}
          >
            <input
              type="radio"
              name={group}
              value={value}
              checked={options[name] === value}
              onChange={() => onChange({ ...options, [name]: value })}
              className="size-3.5 accent-accent-600"
            />
            {(LABELS[name] as Record<string, string>)[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A snippet to copy: its text, read-only, and a copy button. */
function Snippet({ label, text }: { label: string; text: string }) {
  const id = useId();
  const copy = async () => {
    const ok = await copyText(text);
    if (ok) toast({ title: `${label} copied`, description: 'Paste it into your own site.' });
    else toast({ title: 'Copy failed', description: 'Please select the text and copy it.', variant: 'destructive' });
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}
        </label>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy {label}
        </Button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1.5 w-full resize-none rounded-lg border border-zinc-300 bg-zinc-50 p-2 font-mono text-xs break-all text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      />
    </div>
  );
}

/**
 * The owner's badge for their own site: choose its style, theme and figure, see it live, and copy
 * the HTML or Markdown that shows it with a link back here (absolute, on SITE_URL). Loaded lazily
 * and for the owner only (pages/project.tsx).
 */
export function BadgePanel({ project }: { project: ProjectDetail }) {
  const [options, setOptions] = useState<BadgeOptions>(DEFAULT_BADGE_OPTIONS);
  const snippets = badgeSnippets({
    siteUrl: siteUrl(),
    siteName: siteName(),
    projectId: project.id,
    title: project.title,
    options,
  });
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">Badge for your site</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        A live badge that links back here. Only you see this panel.
      </p>
      <div className="mt-4 space-y-3">
        <Choice name="style" legend="Style" values={BADGE_STYLES} options={options} onChange={setOptions} />
        <Choice name="theme" legend="Theme" values={BADGE_THEMES} options={options} onChange={setOptions} />
        <Choice name="metric" legend="Shows" values={BADGE_METRICS} options={options} onChange={setOptions} />
      </div>
      <figure className="mt-4">
        <figcaption className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Preview</figcaption>
        <div
          className={cn(
            'mt-1.5 rounded-lg border p-3',
            options.theme === 'dark' ? 'border-zinc-700 bg-zinc-950' : 'border-zinc-200 bg-white',
          )}
        >
          {/* The same badge from this site, so the page's img-src 'self' allows it wherever SITE_URL points;
              a wide one is scaled down to the panel rather than scrolled. */}
          <img src={badgePath(project.id, options)} alt={snippets.alt} className="h-auto max-w-full" />
        </div>
      </figure>
      {project.isHidden ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          While the project is hidden, the badge says “not available”.
        </p>
      ) : null}
      <div className="mt-4 space-y-3">
        <Snippet label="HTML" text={snippets.html} />
        <Snippet label="Markdown" text={snippets.markdown} />
      </div>
    </Card>
  );
}
