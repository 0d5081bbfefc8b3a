import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ProjectDetail } from '@vitrine/domain/answers';
import { embedUrl } from '../../lib/links';

const noSubscription = () => () => {};

/**
 * False in the server's markup and while hydrating it, true from then on (and at once when the
 * page is rendered in the browser by a navigation).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The sandboxed preview frame of the project, or 'No preview available.'. */
export function ProjectPreview({ project }: { project: ProjectDetail }) {
  const preview = embedUrl(project.replitUrl);
  // The frame comes once the page is hydrated, not in the server's markup (an empty box of its size
  // until then): loading another site (its connection, its document) would otherwise compete with
  // the page's own first paint. The element is created whole, with its address: Chrome warns about
  // the sandbox when a frame's address is set afterwards.
  // After hydration, from a task of its own: creating the frame (a new browsing context) cost
  // ~30 ms at 4x CPU slowdown, inside the hydration's long task when it came with the re-render.
  const hydrated = useHydrated();
  const [showFrame, setShowFrame] = useState(hydrated);
  useEffect(() => {
    if (showFrame) return;
    const timer = setTimeout(() => setShowFrame(true), 0);
    return () => clearTimeout(timer);
  }, [showFrame]);
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="mb-3 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        Preview
      </h2>
      {preview ? (
        <div className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
          {showFrame ? (
            <iframe
              src={preview}
              title={`Preview of ${project.title}`}
              className="aspect-video w-full"
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
              loading="lazy"
              allow="fullscreen"
            />
          ) : (
            <div className="aspect-video w-full" />
          )}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No preview available.</p>
      )}
    </section>
  );
}
