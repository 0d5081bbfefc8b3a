/**
 * Every answer schema and answer type of the API, by area (domain/src/answers/). The web imports the
 * types from here (`import type`); schemas are bundled only where a module imports them as values.
 */
export * from './answers/named';
export * from './answers/site';
export * from './answers/test-requests';
export * from './answers/data-export';
export * from './answers/comments';
export * from './answers/notifications';
export * from './answers/fair-exposure';
export * from './answers/integrity';
export * from './answers/liveness';
export * from './answers/devlogs';
export * from './answers/tokens';
export * from './answers/webhooks';
export * from './answers/stats';
