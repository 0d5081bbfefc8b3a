import { errorMessage } from './api';

/** The {reason} of the admin toasts: the server's message, else the error's own text. */
export function failureReason(error: unknown): string {
  return errorMessage(error, error instanceof Error && error.message ? error.message : 'Unknown error');
}
