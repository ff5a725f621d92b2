/**
 * Most calls one tRPC batch may carry. The server refuses a larger batch with 400
 * (`maxBatchSize`), so one request can never carry hundreds of password guesses or sign-ups
 * (docs/request-limits.md); the web app's and the SDK's batch links split at the same number
 * (`maxItems`), so they never send one.
 */
export const TRPC_MAX_BATCH_SIZE = 20;
