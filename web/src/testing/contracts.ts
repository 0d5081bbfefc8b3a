/**
 * Every route contract (domain/src/contracts/) by method and path, so a DOM test's stand-in answer is
 * held to the schema the API's own answers are checked against (server.ts): a fixture that drifts from
 * the presenters fails the test instead of drawing a screen the API never would.
 */
import type { RouteContract } from '@vitrine/domain/contracts/contract';
import type { Endpoint } from '@vitrine/domain/endpoints';
import { adminTestRequestContracts } from '@vitrine/domain/contracts/admin-test-requests';
import { adminContracts } from '@vitrine/domain/contracts/admin';
import { authContracts } from '@vitrine/domain/contracts/auth';
import { commentContracts } from '@vitrine/domain/contracts/comments';
import { devlogContracts } from '@vitrine/domain/contracts/devlogs';
import { emailContracts } from '@vitrine/domain/contracts/email';
import { fairExposureContracts } from '@vitrine/domain/contracts/fair-exposure';
import { integrityContracts } from '@vitrine/domain/contracts/integrity';
import { mediaContracts } from '@vitrine/domain/contracts/media';
import { messageContracts } from '@vitrine/domain/contracts/messages';
import { notificationContracts } from '@vitrine/domain/contracts/notifications';
import { projectHealthContracts } from '@vitrine/domain/contracts/project-health';
import { projectContracts } from '@vitrine/domain/contracts/projects';
import { testRequestContracts } from '@vitrine/domain/contracts/test-requests';
import { userRatingContracts } from '@vitrine/domain/contracts/user-ratings';
import { userContracts } from '@vitrine/domain/contracts/users';

const AREAS: Array<Record<string, RouteContract>> = [
  adminTestRequestContracts,
  adminContracts,
  authContracts,
  commentContracts,
  devlogContracts,
  emailContracts,
  fairExposureContracts,
  integrityContracts,
  mediaContracts,
  messageContracts,
  notificationContracts,
  projectHealthContracts,
  projectContracts,
  testRequestContracts,
  userRatingContracts,
  userContracts,
];

const BY_ROUTE = new Map(AREAS.flatMap((area) => Object.values(area)).map((c) => [`${c.method} ${c.path}`, c]));

/** The contract of `endpoint`; throws for a route the contracts do not declare. */
export function contractOf(endpoint: Endpoint): RouteContract {
  const found = BY_ROUTE.get(`${endpoint.method} ${endpoint.path}`);
  if (!found) throw new Error(`No contract declares ${endpoint.method.toUpperCase()} ${endpoint.path}`);
  return found;
}

/** Throws, naming the route and the first mismatch, when `value` is not what `endpoint` answers. */
export function assertAnswer(endpoint: Endpoint, value: unknown): void {
  const schema = contractOf(endpoint).response;
  if (schema === null) return;
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(
    `A stand-in answer of ${endpoint.method.toUpperCase()} ${endpoint.path} breaks its contract at ` +
      `${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
}
