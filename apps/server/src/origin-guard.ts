import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message a refused cross-site request gets. */
export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/**
 * CSRF defence (OWASP "Verifying Origin With Standard Headers"): a state-changing request
 * whose `Origin` is not one of ours answers 403. Requests without `Origin` come from
 * non-browser clients such as the SDK and pass; cookies are SameSite=Strict besides.
 */
export function originGuard(allowed: ReadonlySet<string>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    return reply.status(403).send({ success: false, message: FOREIGN_ORIGIN_MESSAGE, data: null });
  };
}
