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

const rendered = document.getElementById('root')?.firstElementChild;
// A hidden tab paints nothing (no animation frames) until it is shown: start without waiting.
if (!rendered || document.visibilityState === 'hidden') start();
// The frame callback runs just before the first paint; the timeout after it.
else requestAnimationFrame(() => setTimeout(start, 0));
