/** An error with an HTTP status whose message is safe to show: the error middleware answers it as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to be logged in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The 403s of an owner voting for, rating or reporting their own project (policies 'project.vote', 'project.rate', 'project.report'). */
export const OWN_PROJECT_VOTE = 'You cannot vote for your own project';
export const OWN_PROJECT_RATE = 'You cannot rate your own project';
export const OWN_PROJECT_REPORT = 'You cannot report your own project';

/** The message every paused account gets on a write. */
export const PAUSED_MESSAGE = 'Your account is paused';
