/**
 * The client application proper, imported by main.tsx once the server-rendered page has been
 * painted: hydrates it (or renders the whole page when the server sent the bare shell).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SSR_DATA_ELEMENT_ID, type SsrPageData } from '@vitrine/domain/ssr';
import { Root } from './app/root';
import { browserSessionStore, primeSession } from './stores/session';
import { setSiteUrl, setSocialLinks } from './lib/site';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server rendered this page (entry-server.tsx) and left the data it used beside it.
const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
const data: SsrPageData = text ? (JSON.parse(text) as SsrPageData) : { fallback: {} };
if (data.user !== undefined) primeSession(data.user);
setSocialLinks(data.socialLinks);
setSiteUrl(data.siteUrl);
const tree = (
  <StrictMode>
    <Root fallback={data.fallback} session={browserSessionStore()} />
  </StrictMode>
);
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// holding the main thread for the whole tree (the page is already painted and readable meanwhile).
// It starts in a task of its own: this module is evaluated at the end of the application's module
// graph, and creating the root (event listeners on it, the first render's setup) in that same task
// made it one long task.
if (root.firstElementChild)
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(root, tree);
    });
  }, 0);
else createRoot(root).render(tree);
