/**
 * React's DOM client, imported by main.tsx before the application so that React's chunk is evaluated
 * in a task of its own (web/chunks.ts puts this module in that chunk). An ES module re-export, so the
 * loader needs no CommonJS interop helper of its own.
 */
export { hydrateRoot } from 'react-dom/client';
