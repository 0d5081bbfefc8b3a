import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SSR_DATA_ELEMENT_ID, type SsrPageData } from '@vitrine/domain/ssr';
import { Root } from './app/root';
import { primeSession } from './stores/session';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server rendered this page (entry-server.tsx) and left the data it used beside it.
const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
const data: SsrPageData = text ? (JSON.parse(text) as SsrPageData) : { fallback: {} };
if (data.user !== undefined) primeSession(data.user);
const tree = (
  <StrictMode>
    <Root fallback={data.fallback} />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, tree);
else createRoot(root).render(tree);
