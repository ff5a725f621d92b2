import { TRPCError } from '@trpc/server';

/**
 * The errors services throw. Each carries a message meant for the person using the app;
 * one mapping turns them into tRPC codes (and through those, HTTP statuses on REST).
 * Any other error is a bug: it becomes a generic 500 and its text is never sent.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly code: ServiceErrorCode,
    /** Field messages for 400s, keyed by the input field's path (`location.city`). */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type ServiceErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'PRECONDITION_FAILED'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/** 400: the input is wrong; `fieldErrors` names the fields. */
export class ValidationError extends ServiceError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(message, 'BAD_REQUEST', fieldErrors);
  }
}

/** 404: the thing does not exist, or belongs to someone else (never say which). */
export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super(message, 'NOT_FOUND');
  }
}

/** 409: the request clashes with what is stored (an email already registered). */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(message, 'CONFLICT');
  }
}

/** 401: who is asking could not be established (bad credentials). */
export class UnauthorizedError extends ServiceError {
  constructor(message: string) {
    super(message, 'UNAUTHORIZED');
  }
}

/**
 * 403: no valid session, or not allowed; clients refresh the session on this and retry once
 * (docs/product/legacy-api.md#auth-retry).
 */
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super(message, 'FORBIDDEN');
  }
}

/** 413: an upload over its limit. */
export class PayloadTooLargeError extends ServiceError {
  constructor(message: string) {
    super(message, 'PAYLOAD_TOO_LARGE');
  }
}

/** 429: too many attempts; try again later. */
export class TooManyRequestsError extends ServiceError {
  constructor(message: string) {
    super(message, 'TOO_MANY_REQUESTS');
  }
}

/** 412: a step must come first (verify the email before signing in). */
export class PreconditionFailedError extends ServiceError {
  constructor(message: string) {
    super(message, 'PRECONDITION_FAILED');
  }
}

/**
 * 422: the request is well formed but cannot be done as sent (an Idempotency-Key reused with
 * other data: IETF draft-ietf-httpapi-idempotency-key-header §2.7).
 */
export class UnprocessableError extends ServiceError {
  constructor(message: string) {
    super(message, 'UNPROCESSABLE_CONTENT');
  }
}

/** 503: a service we depend on (database, mail) is not answering; try again shortly. */
export class UnavailableError extends ServiceError {
  constructor(message: string) {
    super(message, 'SERVICE_UNAVAILABLE');
  }
}

/** 400 for text with a NUL character: PostgreSQL text cannot store one. */
export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain a NUL character.';

/** What a person is told while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/** The message every unexpected error is replaced with. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Turns a ServiceError into the TRPCError with the same message; anything else passes through. */
export function toTRPCError(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  return new TRPCError({ code: error.code, message: error.message, cause: error });
}
