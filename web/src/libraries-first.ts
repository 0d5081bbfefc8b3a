/**
 * Imported by main.tsx after React and before the application, so that the chunk of the libraries
 * the application uses (web/chunks.ts puts this module in it) is evaluated in a task of its own.
 */
export { SWRConfig } from 'swr';
