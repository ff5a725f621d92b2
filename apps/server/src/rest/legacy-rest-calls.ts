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

/**
 * The `/api/v1` calls added for the rest of the app (docs/rest-api.md): labels, Merge & fix,
 * the export, reminders and Keep in touch, app passwords, API tokens and sessions.
 * rest-coverage.test.ts answers each of them against the document.
 */
export const ADDED_REST_CALLS = [
  // Labels
  'GET /labels',
  'POST /labels',
  'PATCH /labels/{id}',
  'DELETE /labels/{id}',
  'GET /labels/{id}/contacts',
  'POST /labels/{id}/contacts',
  'DELETE /labels/{id}/contacts',
  'GET /contacts/{id}/labels',
  // Merge & fix
  'GET /contacts/duplicates',
  'POST /contacts/merge',
  'POST /contacts/merge/undo',
  'GET /contacts/duplicates/dismissed',
  'POST /contacts/duplicates/dismissed',
  'DELETE /contacts/duplicates/dismissed',
  // Export
  'POST /contacts/export',
  // Reminders and Keep in touch
  'GET /reminders/settings',
  'PUT /reminders/settings',
  'GET /reminders/feed',
  'POST /reminders/feed',
  'DELETE /reminders/feed',
  'GET /keep-in-touch',
  'GET /contacts/{id}/keep-in-touch',
  'PUT /contacts/{id}/keep-in-touch',
  'POST /contacts/{id}/keep-in-touch/talked-today',
  // App passwords, API tokens, sessions
  'GET /app-passwords',
  'POST /app-passwords',
  'DELETE /app-passwords/{id}',
  'GET /api-tokens',
  'POST /api-tokens',
  'DELETE /api-tokens/{id}',
  'GET /sessions',
  'DELETE /sessions/others',
  'DELETE /sessions/{id}',
] as const;
