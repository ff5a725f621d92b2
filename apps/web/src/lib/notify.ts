import type { TOptions } from 'i18next';
import { notifications } from '@mantine/notifications';
import { isTimeout } from '@kith/client/links';
import { TRPCClientError } from '@trpc/client';
import { isOffline, isOfflineError } from '../pwa/offline';
import { i18n, i18nKey } from './i18n';

/**
 * What a person sees when the server gives no message (docs/product/messages.md#error-catalogue).
 */
export const UNKNOWN_ERROR = i18nKey('Unknown Error Occurred Try Again!');
export const NETWORK_ERROR = i18nKey('Network Error');
export const REQUEST_ABORTED = i18nKey('Request aborted');
/** A change refused, or a call failed, while the browser is offline (docs/offline.md). */
export const OFFLINE_ERROR = i18nKey(
  'You are offline. Nothing was saved; try again when you are back online.',
);

/** A plain (non-tRPC) API route's refusal: its status and the server's message. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

/**
 * The message to show for a failed call, in the interface language: the server's message
 * when it sent one, 'Request aborted' when no answer came in time, the offline message when
 * the browser is offline (a change refused before it was sent, docs/offline.md), 'Network
 * Error' when the request never got an answer, else `fallback`
 * (docs/product/messages.md#error-catalogue).
 * Server messages are catalogue keys too (src/locales/server-messages.ts).
 */
export function errorMessage(error: unknown, fallback = UNKNOWN_ERROR): string {
  const text = untranslatedErrorMessage(error, fallback);
  const wait = TOO_MANY_ATTEMPTS.exec(text);
  if (wait) {
    const count = Number(wait[1]);
    return wait[2] === 'second'
      ? i18n.t('Too many attempts. Please wait {{count}} seconds and try again.', { count })
      : i18n.t('Too many attempts. Please wait {{count}} minutes and try again.', { count });
  }
  return i18n.t(text);
}

/**
 * The API's answer to a spent budget (429), whose wait varies: "Too many attempts. Please wait
 * 14 minutes and try again." A catalogue looks texts up whole, so it is translated with its
 * number here.
 */
const TOO_MANY_ATTEMPTS =
  /^Too many attempts\. Please wait (\d+) (second|minute)s? and try again\.$/;

function untranslatedErrorMessage(error: unknown, fallback: string): string {
  if (isOfflineError(error)) return OFFLINE_ERROR;
  if (isTimeout(error)) return REQUEST_ABORTED;
  if (error instanceof RouteError) return error.message || fallback;
  if (error instanceof TRPCClientError) {
    const fromServer = error.shape?.message ?? (error.data ? error.message : undefined);
    if (fromServer) return fromServer;
    if (isNetworkFailure(error.cause) || isNetworkFailure(error)) return networkError();
  }
  if (isNetworkFailure(error)) return networkError();
  return fallback;
}

/** A request that got no answer: the browser being offline says why. */
function networkError(): string {
  return isOffline() ? OFFLINE_ERROR : NETWORK_ERROR;
}

/** fetch rejects with a TypeError whose message names the failed fetch or the network. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof Error && /failed to fetch|fetch failed|network/i.test(error.message);
}

/** The field messages a 400 carried (`data.zodError`), keyed by field path, translated. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data?.zodError ?? {}) as Record<string, string[]>;
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, i18n.t(messages[0] ?? '')]),
  );
}

/** A success toast; `message` is a catalogue key, translated here with `values`. */
export function notifySuccess(message: string, values?: TOptions): void {
  notifications.show({ color: 'teal', message: i18n.t(message, values ?? {}) });
}

export function notifyError(error: unknown, fallback?: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}

/**
 * Shows a progress toast ('Working...', docs/product/messages.md#success-and-progress-toasts) and
 * returns a function that replaces it with the outcome. A fresh toast is shown rather than the old
 * one updated, because an updated toast does not restart its 5000 ms auto-close.
 */
export function progressToast(message: string) {
  const id = notifications.show({
    loading: true,
    message: i18n.t(message),
    autoClose: false,
    withCloseButton: false,
  });
  return (outcome: { color: 'teal' | 'red'; message: string }) => {
    notifications.hide(id);
    notifications.show({ ...outcome, message: i18n.t(outcome.message) });
  };
}

/**
 * The services a failure is named after (docs/product/messages.md#error-catalogue), as catalogue
 * keys.
 */
export const SERVICES = {
  favorite: i18nKey('Favorite'),
  trash: i18nKey('Trash'),
  recover: i18nKey('Recover'),
  delete: i18nKey('Delete'),
} as const;

/**
 * A service's failure with no message: 'Unknown Error Occurred In {operation} Service',
 * translated, for one of `SERVICES` (docs/product/messages.md#error-catalogue).
 */
export function serviceFailure(service: keyof typeof SERVICES): string {
  return i18n.t('Unknown Error Occurred In {{operation}} Service', {
    operation: i18n.t(SERVICES[service]),
  });
}

/**
 * Runs a change, shows 'Working...' meanwhile, then the success message or the error: the
 * server's, or the failure of `service` when it sent none (`serviceFailure`).
 */
export async function withProgress<T>(
  work: () => Promise<T>,
  success: (result: T) => string,
  service: keyof typeof SERVICES,
): Promise<T | null> {
  const done = progressToast(i18nKey('Working...'));
  try {
    const result = await work();
    done({ color: 'teal', message: success(result) });
    return result;
  } catch (error) {
    done({ color: 'red', message: errorMessage(error, serviceFailure(service)) });
    return null;
  }
}
