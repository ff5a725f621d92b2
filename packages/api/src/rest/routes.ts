import type { RestRoute } from './adapter';

/**
 * Every `/api/v1` path of SPEC §7, grouped by domain as the routers are. Each domain adds
 * its own list here as it is built.
 */
export const restRoutes: readonly RestRoute[] = [];
