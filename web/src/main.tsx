/**
 * The entry index.html loads: the stylesheet, and a small loader. The server-rendered page is
 * complete without JavaScript, so the application (React, the routes, the page's chunks) is only
 * requested once the browser has painted it: the first paint does not share the network with some
 * hundred kilobytes of scripts. A page the server did not render (the bare shell) starts at once.
 */
import './index.css';

/** Id of the <template> in which the server names the application's and the page's lazy chunks (api/src/public/client-manifest.ts). */
const DEFERRED_MODULES_ID = 'deferred-modules';
/** Modulepreload links activated per task (see preloadDeferredModules). */
const PRELOADS_PER_TASK = 1;

/** Resolves in a later task, so the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let started = false;
function start() {
  if (started) return;
  started = true;
  // Evaluating a module graph is one task however many chunks it spans: React's chunk first, then
  // the other libraries', then the application's (which imports both), each in a task of its own,
  // instead of one long task of all three (~90 ms at 4x CPU slowdown).
  void preloadDeferredModules()
    .then(() => import('./react-first'))
    .then(nextTask)
    .then(() => import('./libraries-first'))
    .then(nextTask)
    .then(() => import('./start'));
}

/**
 * Activates the modulepreload links the server left inert (the application's chunks and those of the
 * page's lazily loaded route), so they all fetch at once and hydration does not wait for one after the
 * other. One per task: inserting a modulepreload link cost 10-20 ms at 4x CPU slowdown, and the nine
 * of a project page inserted together were a long task (~115 ms).
 */
async function preloadDeferredModules(): Promise<void> {
  const deferred = document.getElementById(DEFERRED_MODULES_ID);
  if (!(deferred instanceof HTMLTemplateElement)) return;
  const links = [...deferred.content.cloneNode(true).childNodes];
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
  }
}

/** Calls `then` once the browser reports the first contentful paint (shown, not only drawn). */
function afterFirstPaint(then: () => void): void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted()) return then();
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // Without paint timing, or if it never reports: shortly after the first frame. (The frame callback
  // runs before the frame is drawn, and drawn is not yet shown: requests started right after it
  // still finished before the first paint on a fast machine.)
  requestAnimationFrame(() => setTimeout(then, 300));
}

const rendered = document.getElementById('root')?.firstElementChild;
// A hidden tab paints nothing (no animation frames) until it is shown: start without waiting.
if (!rendered || document.visibilityState === 'hidden') start();
else afterFirstPaint(start);
