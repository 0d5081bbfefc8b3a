import { answers } from '../answers';
import { contract } from './contract';

/** Health for load balancers and scripts. */
export const healthContracts = {
  live: contract({
    method: 'get',
    path: '/api/health/live',
    tag: 'meta',
    summary: 'The process is up',
    response: answers.Live,
  }),
  ready: contract({
    method: 'get',
    path: '/api/health/ready',
    tag: 'meta',
    summary: 'PostgreSQL and Redis answer within a second (load balancers)',
    response: answers.Ready,
    errors: { 503: 'PostgreSQL or Redis does not answer' },
  }),
  health: contract({
    method: 'get',
    path: '/api/health',
    tag: 'meta',
    summary: 'Database and Redis status',
    response: answers.Health,
    errors: { 503: 'Database or Redis is down' },
  }),
};
