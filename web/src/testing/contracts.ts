/**
 * Every route contract (domain/src/contracts/) by method and path, so a DOM test's stand-in answer is
 * held to the schema the API's own answers are checked against (server.ts): a fixture that drifts from
 * the presenters fails the test instead of drawing a screen the API never would.
 */
import type { RouteContract } from '@vitrine/domain/contracts/contract';
import type { Endpoint } from '@vitrine/domain/endpoints';

/** Every module of domain/src/contracts/, so a new area's routes are found without a list to keep. */
const MODULES = import.meta.glob<Record<string, unknown>>('../../../domain/src/contracts/*.ts', { eager: true });

/** A value declared with `contract()`: a method, a path and a response schema (or null). */
const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const BY_ROUTE = new Map(
  Object.values(MODULES)
    .flatMap((module) => Object.values(module))
    .flatMap((area) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
    .filter(isContract)
    .map((c) => [`${c.method} ${c.path}`, c]),
);

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
