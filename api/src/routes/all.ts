import type { Route } from '../contracts/route';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { docsRoutes } from './docs';
import { emailRoutes } from './email';
import { fairExposureRoutes } from './fair-exposure';
import { healthRoutes } from './health';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { projectRoutes } from './projects';
import { commentRoutes } from './comments';
import { devlogRoutes } from './devlogs';
import { mediaRoutes } from './media';
import { projectHealthRoutes } from './project-health';
import { userRoutes } from './users';
import { testRequestRoutes } from './test-requests';
import { userRatingRoutes } from './user-ratings';
import { adminTestRequestRoutes } from './admin-test-requests';
import { integrityRoutes } from './integrity';
import { tokenRoutes } from './tokens';
import { webhookRoutes } from './webhooks';
import { statsRoutes } from './stats';

/** The route groups of the API in mounting order; the OpenAPI document (last) describes them all. */
export const routeGroups: Route[][] = [
  healthRoutes,
  authRoutes,
  fairExposureRoutes,
  integrityRoutes,
  projectRoutes,
  commentRoutes,
  devlogRoutes,
  notificationRoutes,
  mediaRoutes,
  projectHealthRoutes,
  statsRoutes,
  userRoutes,
  tokenRoutes,
  emailRoutes,
  messageRoutes,
  adminRoutes,
  testRequestRoutes,
  userRatingRoutes,
  adminTestRequestRoutes,
  webhookRoutes,
  docsRoutes(() => routeGroups.flat()),
];
