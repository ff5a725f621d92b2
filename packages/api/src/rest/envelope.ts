/**
 * The legacy `/api/v1` response envelope (docs/product/legacy-api.md#envelope): every answer,
 * success or failure, is `{success, message, data}`. Failures add `errors` (field -> messages) when
 * the input was at fault.
 */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  errors?: Record<string, string[]>;
}

export function success<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, message, data };
}

export function failure(message: string, errors?: Record<string, string[]>): Envelope<null> {
  return errors
    ? { success: false, message, data: null, errors }
    : { success: false, message, data: null };
}
