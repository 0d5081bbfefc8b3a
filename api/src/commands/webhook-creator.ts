import { randomBytes } from 'node:crypto';
import { makeWebhookQueries, type WebhookRow } from '@vitrine/db/queries/webhooks';
import { MAX_WEBHOOKS, type CreateWebhookInput } from '@vitrine/domain/webhooks';
import { Blocked, pinTarget, untilAborted } from '@vitrine/runtime/outbound/target';
import type { MemberCaller } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { loadProjectAccess, PROJECT_NOT_FOUND } from '../loaders';

/** 409 past MAX_WEBHOOKS. */
export const TOO_MANY_WEBHOOKS = `You can have at most ${MAX_WEBHOOKS} webhooks. Delete one to add another.`;
/** 400 for an address the guard refuses. */
export const WEBHOOK_ADDRESS_REFUSED =
  'Webhooks can only be sent to public addresses on ports 80 and 443, never to loopback, private or link-local ones';
/** 400 for a name that does not resolve (in time). */
export const WEBHOOK_HOST_UNKNOWN = "The webhook's host name could not be resolved";
/** The longest the name of a new webhook's address may take to resolve. */
const RESOLVE_TIMEOUT_MS = 3000;

/**
 * Refuses an address the worker would refuse to deliver to (runtime/src/outbound/target.ts): a port
 * other than 80 and 443, or a name or address that is loopback, private, link-local or otherwise not
 * public, unless its host:port is in WEBHOOK_ALLOWED_HOSTS. The worker checks again at each delivery,
 * since a name may resolve elsewhere later.
 */
async function checkAddress(caller: MemberCaller, url: string): Promise<void> {
  const rules = { allowedHosts: new Set(caller.deps.config.webhooks.allowedHosts) };
  try {
    await untilAborted(pinTarget(new URL(url), rules), AbortSignal.timeout(RESOLVE_TIMEOUT_MS));
  } catch (err) {
    if (err instanceof Blocked) throw badRequest(WEBHOOK_ADDRESS_REFUSED);
    throw badRequest(WEBHOOK_HOST_UNKNOWN);
  }
}

/**
 * Adds a webhook of the caller: on one of their projects (404 for any other) or on all of them, its
 * address checked first, at most MAX_WEBHOOKS per member (409). Answers it with its new secret, which
 * no other answer shows.
 */
export async function webhookCreator(
  caller: MemberCaller,
  input: CreateWebhookInput,
): Promise<{ webhook: WebhookRow; secret: string }> {
  const projectId = input.projectId ?? null;
  if (projectId !== null) {
    const project = await loadProjectAccess(caller, projectId);
    if (project.userId !== caller.user.id) throw notFound(PROJECT_NOT_FOUND);
  }
  await checkAddress(caller, input.url);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const webhook = await caller.deps.sql.begin((tx) =>
    makeWebhookQueries(tx).create({ userId: caller.user.id, projectId, url: input.url, events: input.events, secret }),
  );
  if (!webhook) throw conflict(TOO_MANY_WEBHOOKS);
  return { webhook, secret };
}
