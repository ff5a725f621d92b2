import type { Context } from '../trpc/context';
import type { ClientInfo } from '../credentials/sessions';

/**
 * The browser and address a call came from, as the sessions list shows them (the address is
 * the client's, or what a proxy named in TRUST_PROXY says it is).
 */
export function clientInfo(ctx: Context): ClientInfo {
  return { userAgent: ctx.req.headers['user-agent'], ipAddress: ctx.req.ip };
}
