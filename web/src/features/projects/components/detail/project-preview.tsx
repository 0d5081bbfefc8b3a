import type { ProjectDetail } from '@vitrine/domain/types';
import { embedUrl } from '../../lib/links';

/** The sandboxed preview frame of the project (spec §2), or 'No preview available.'. */
export function ProjectPreview({ project }: { project: ProjectDetail }) {
  const preview = embedUrl(project.replitUrl);
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="mb-3 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        Preview
      </h2>
      {preview ? (
        <div className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
          <iframe
            src={preview}
            title={`Preview of ${project.title}`}
            className="aspect-video w-full"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
            loading="lazy"
            allow="fullscreen"
          />
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No preview available.</p>
      )}
    </section>
  );
}
