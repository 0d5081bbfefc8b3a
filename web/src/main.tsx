/**
 * The entry index.html loads: the stylesheet, and a small loader. The server-rendered page is
 * complete without JavaScript, so the application (React, the routes, the page's chunks) is only
 * requested once the browser has painted it: the first paint does not share the network with some
 * hundred kilobytes of scripts. A page the server did not render (the bare shell) starts at once.
 */
import './index.css';

/** Id of the <template> in which the server names the page's lazily loaded chunks (api/src/web.ts). */
const DEFERRED_MODULES_ID = 'deferred-modules';

let started = false;
function start() {
  if (started) return;
  started = true;
  // The chunks of the page's lazily loaded route (modulepreload links the server left inert), so
  // hydration does not wait for them after the application's own chunks.
  const deferred = document.getElementById(DEFERRED_MODULES_ID);
  if (deferred instanceof HTMLTemplateElement) document.head.append(deferred.content.cloneNode(true));
  void import('./start');
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
