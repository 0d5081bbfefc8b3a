import { contract } from './contract';

/** The OpenAPI document. */
export const docsContracts = {
  openapi: contract({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'meta',
    summary: 'This OpenAPI 3.1 document, generated from the route contracts',
    response: null,
  }),
};
