import type { ArgsOf, Endpoint } from './endpoints';

/** What a call of `E` takes: nothing when the route has no params, query or body it requires. */
export type CallArgs<E> = object extends ArgsOf<E> ? [args?: ArgsOf<E>] : [args: ArgsOf<E>];

/** One query value as the URL carries it; a list (viewer-state ids) is comma separated. */
function queryValue(value: unknown): string {
  return Array.isArray(value)
    ? value.map((item) => encodeURIComponent(String(item))).join(',')
    : encodeURIComponent(String(value));
}

/**
 * The URL of a call (the web's client and the API's test client both build it here): the endpoint's
 * path with its parameters filled in, then the query in the order given, leaving out fields that are
 * undefined or blank (the server's defaults apply).
 */
export function urlOf<E extends Endpoint>(endpoint: E, ...[args]: CallArgs<E>): string {
  const { params, query } = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
  };
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params?.[name])));
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${queryValue(value)}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
