/**
 * Every method and path of the legacy `/api/v1` API, as docs/product/legacy-api.md lists them
 * (#the-calls-it-makes). The contract test holds the OpenAPI document and the live server to
 * this list.
 */
export const LEGACY_REST_CALLS = [
  // Auth
  'POST /auth/signup',
  'POST /auth/verify',
  'POST /auth/resend',
  'POST /auth/login',
  'POST /auth/check',
  'POST /auth/refresh',
  'POST /auth/logout',
  'POST /auth/recover/find',
  'POST /auth/recover/sent-otp',
  'POST /auth/recover/verify',
  'POST /auth/recover/resent',
  'PATCH /auth/recover/reset',
  'POST /auth/recover/check/stp1',
  'POST /auth/recover/check/stp2',
  'POST /auth/recover/check/stp3',
  // Contacts, favorites, trash
  'POST /contacts',
  'GET /contacts/{id}',
  'GET /contacts',
  'PUT /contacts/{id}',
  'PATCH /contacts/{id}',
  'PATCH /favorites/{id}',
  'GET /favorites',
  'PATCH /trash/{id}',
  'PATCH /trash',
  'GET /trash',
  'DELETE /contacts/delete',
  'DELETE /contacts/delete/{id}',
  'PATCH /contacts/recover/{id}',
  'PATCH /contacts/recover',
  'DELETE /contacts/empty',
  'GET /search',
  'POST /image',
  'DELETE /image/{id}',
  'POST /feedback',
] as const;

export type LegacyRestCall = (typeof LEGACY_REST_CALLS)[number];

/**
 * The `/api/v1` calls added since the legacy contract: the history (docs/api.md#history).
 * history-rest.test.ts answers each of them against the document.
 */
export const HISTORY_REST_CALLS = [
  'GET /contacts/{id}/history',
  'POST /contacts/{id}/history/{versionId}/restore',
  'GET /history/undo-preview',
  'POST /history/undo',
] as const;
