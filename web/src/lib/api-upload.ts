import { ApiError, apiUrl, NetworkError, type AnswerOf, type CallArgs } from './api';
import type { Endpoint } from '@vitrine/domain/endpoints';

/**
 * Sends a form (multipart/form-data: a file upload) to a route of the table, built and checked by
 * lib/api.ts (`apiUrl`, its errors); answers and errors as `callApi`'s. A module of its own so
 * that only the screens that upload load it; the browser writes the multipart type and boundary.
 */
export async function uploadApi<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E>[0],
  form: FormData,
): Promise<AnswerOf<E>> {
  let res: Response;
  try {
    res = await fetch(apiUrl(endpoint, ...([args] as CallArgs<E>)), {
      method: endpoint.method.toUpperCase(),
      headers: { Accept: 'application/json' },
      body: form,
      credentials: 'include',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return (await res.json()) as AnswerOf<E>;
}
