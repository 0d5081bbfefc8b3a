import type { Route } from '../contracts/route';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { docsRoutes } from './docs';
import { emailRoutes } from './email';
import { healthRoutes } from './health';
import { messageRoutes } from './messages';
import { projectRoutes } from './projects';
import { userRoutes } from './users';
import { testRequestRoutes } from './test-requests';
import { userRatingRoutes } from './user-ratings';
import { adminTestRequestRoutes } from './admin-test-requests';

/** The route groups of the API in mounting order; the OpenAPI document (last) describes them all. */
export const routeGroups: Route[][] = [
  healthRoutes,
  authRoutes,
  projectRoutes,
  userRoutes,
  emailRoutes,
  messageRoutes,
  adminRoutes,
  testRequestRoutes,
  userRatingRoutes,
  adminTestRequestRoutes,
  docsRoutes(() => routeGroups.flat()),
];
