import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A dashboard tab's panel: heading, a line of explanation, an optional action, then the content. */
export function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6" data-focus-region="">
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2
            data-focus-heading=""
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50"
          >
            {title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** A quiet destructive button style for row actions (the confirmation uses the solid red one). */
export const DANGER_OUTLINE =
  'border-red-200 text-red-600! hover:border-red-300 hover:bg-red-50 dark:border-red-900/70 dark:text-red-400! dark:hover:bg-red-950/40';
