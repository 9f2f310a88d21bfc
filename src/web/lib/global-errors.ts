/**
 * Spec §8: unhandled promise rejections about chat conversations, a 429 status or an invalid HTTP method
 * are expected noise and are suppressed with a warning; any other uncaught error is only logged.
 */
const SUPPRESSED = [/chat.?conversation/i, /(^|\s)429:/, /status(?: code)? 429\b/i, /invalid http method/i];

export function isSuppressedRejection(reason: unknown): boolean {
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
