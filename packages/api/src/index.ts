export { appRouter, createCaller } from './root';
export type { ServerAppRouter } from './root';
export type { ApiErrorShape, AppRouter, RouterInputs, RouterOutputs } from './client-types';
export { createContextFactory } from './trpc/context';
export type { ApiDependencies, Context } from './trpc/context';
export * from './shared/errors';
export { deriveAuthKeys } from './credentials/keys';
export { isRecentAccessToken, signAccessToken } from './credentials/sealed';
export { hashPassword, passwordChecksRun } from './credentials/passwords';
export { SESSION_ABSOLUTE_TTL_MS, startSession } from './credentials/sessions';
export type { AuthKeys } from './credentials/keys';
export { createMailer } from './mail/mailer';
export type { Mailer, MailMessage } from './mail/mailer';
export { cookieNames } from './credentials/cookies';
export { createLocalImageStorage, createS3ImageStorage } from './storage/image-storage';
export type { ImageStorage } from './storage/image-storage';
export { runRetention, TRASH_RETENTION_MS, UNATTACHED_IMAGE_TTL_MS } from './jobs/retention';
export { startJobQueue, JOB_QUEUE_SCHEMA } from './jobs/queue';
export type { BackgroundJob, JobQueue } from './jobs/queue';
export { backgroundJobs } from './jobs/background-jobs';
export { checkHealth } from './health/health.service';
export { restApiPlugin } from './rest-api';
export type { RestRoute, RestRequest } from './rest/adapter';
export { restRoutes } from './rest-routes';
export { createOpenApiDocument, openApiPath, REST_PREFIX } from './openapi-document';
export { mapErrorToResponse } from './rest/error-response';
export { dataExportPlugin, DATA_EXPORT_PATH } from './data-export/data-export.route';
export { importPreviewPlugin, IMPORT_PREVIEW_PATH } from './imports/preview.route';
export type { ImportPreview } from './imports/preview.service';
export { purgeDeletedAccounts } from './account/purge';
export {
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  TOO_MANY_ATTEMPTS,
} from './rate-limits/rate-limiter';
export type { RateLimiter, RateLimitSettings, RatePolicy } from './rate-limits/rate-limiter';
export { TRPC_MAX_BATCH_SIZE } from '@kith/validators/trpc-limits';
export { preloadPasswordLists } from './credentials/passwords';
export type { ImageStore } from './storage/image-storage';
export { withPhotoLinks, PHOTO_LINK_TTL_MS } from './images/photo-links';
export { photosPlugin } from './images/photos.route';
export { searchContacts, searchQuery, shortQueryCandidates } from './search/search.service';
export { davPlugin, DAV_METHODS, WELL_KNOWN_CARDDAV } from './dav/dav.route';
export { appleProfilePlugin, APPLE_PROFILE_PATH } from './app-passwords/apple-profile.route';
export { createAppPassword } from './app-passwords/app-passwords.service';
export { startSessionLiveness, SESSION_LIVENESS_TTL_MS } from './credentials/session-liveness';
export type { SessionLiveness } from './credentials/session-liveness';
export { remindersPlugin } from './reminders/reminders.routes';
export { prepareReminders, sendDueReminders } from './reminders/dispatch.service';
