/**
 * Spec §8: unhandled promise rejections about chat conversations, a 429 status or an invalid HTTP method
 * are expected noise and are suppressed with a warning; any other uncaught error is only logged.
 */
import { ApiRequestError } from './api.ts';

const SUPPRESSED = [/chat.?conversation/i, /status(?: code)? 429\b/i, /invalid http method/i];

export function isSuppressedRejection(reason: unknown): boolean {
  if (reason instanceof ApiRequestError && reason.status === 429) return true;
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  return SUPPRESSED.some((pattern) => pattern.test(text));
}

export function installGlobalErrorHandlers(target: Window): void {
  target.addEventListener('unhandledrejection', (event) => {
    if (isSuppressedRejection(event.reason)) {
      event.preventDefault();
      console.warn('Suppressed unhandled rejection', event.reason);
    } else {
      console.error('Unhandled rejection', event.reason);
    }
  });
  target.addEventListener('error', (event) => {
    console.error('Uncaught error', event.error ?? event.message);
  });
}
