import { Rocket } from 'lucide-react';
import type { Project } from '@vitrine/domain/answers';
import { useApi } from '../../../hooks/use-api';
import { risingKey } from '../api/rising-key';
import { useImpressions } from '../hooks/use-impressions';
import { ProjectCard } from './project-card';

function Strip({ projects }: { projects: Project[] }) {
  const ref = useImpressions<HTMLUListElement>(projects.map((p) => p.id));
  return (
    <ul
      ref={ref}
      className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0"
      aria-labelledby="rising-heading"
    >
      {projects.map((project) => (
        <li key={project.id} data-impression={project.id} className="w-72 shrink-0 snap-start sm:w-80">
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

/**
 * New & rising: projects under 72 hours old with fewer than 50 impressions, in an order of the
 * visitor's own that changes each day (GET /api/projects/rising), each counted once on screen. Shows
 * nothing when there are none (or the read failed): it is a bonus above the listings, never in the way.
 */
export function RisingStrip() {
  const { data } = useApi(risingKey());
  if (!data || data.length === 0) return null;
  return (
    <section
      aria-labelledby="rising-heading"
      className="mx-auto max-w-6xl px-4 pt-6 sm:px-6"
      data-testid="rising-strip"
    >
      <div className="mb-3 flex items-center gap-2">
        <Rocket className="size-5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
        <h2 id="rising-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          New &amp; rising
        </h2>
      </div>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Projects from the last three days that few visitors have seen yet.
      </p>
      <Strip projects={data} />
    </section>
  );
}
