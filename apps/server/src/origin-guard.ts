import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message a refused cross-site request gets. */
export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/** The API's paths, where a request with an API token is judged by the token alone. */
const API_PATH = /^\/api\/(trpc|v1)\//;

/**
 * CSRF defence (OWASP "Verifying Origin With Standard Headers"): a state-changing request
 * whose `Origin` is not one of ours answers 403. Requests without `Origin` come from
 * non-browser clients such as the SDK and pass; cookies are SameSite=Strict besides. An API
 * call that sends `Authorization: Bearer` passes too: the API then reads the token and never
 * the cookies (docs/api-tokens.md), and a page can only send a token it holds, so there is no
 * ambient credential to forge a request with.
 */
export function originGuard(allowed: ReadonlySet<string>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    if (API_PATH.test(req.url) && /^Bearer\s/i.test(req.headers.authorization ?? '')) return;
    return reply.status(403).send({ success: false, message: FOREIGN_ORIGIN_MESSAGE, data: null });
  };
}
