import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What a log line, an event and a job learn about the request (or job) that caused them. */
export interface RequestContext {
  /** The request id (`X-Request-Id`), carried from a request into its events and their jobs. */
  reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` as the current one: every log line and event inside carries its id. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The current request's (or job's) id, if any. */
export function currentReqId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** A request id we may take from a client or proxy: short, and only characters safe in a log line and a header. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** `candidate` when it is an acceptable request id, else a new one. */
export function requestIdFrom(candidate: string | undefined): string {
  return candidate !== undefined && REQUEST_ID_PATTERN.test(candidate) ? candidate : randomUUID();
}
