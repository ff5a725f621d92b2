import type { FastifyReply, FastifyRequest } from 'fastify';

/** tRPC's error code and JSON-RPC code for the statuses raised before tRPC runs. */
const CODES: Record<number, { code: string; rpc: number }> = {
  413: { code: 'PAYLOAD_TOO_LARGE', rpc: -32413 },
};
const BAD_REQUEST = { code: 'BAD_REQUEST', rpc: -32600 };

/**
 * Sends an error raised before tRPC ran (a body over its limit, a malformed body) in tRPC's own
 * response shape, one entry per call of a batch, so the web app and the SDK read it like any
 * procedure error.
 */
export function sendTrpcShapedError(
  req: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  message: string,
): FastifyReply {
  const path = req.url.split('?')[0] ?? '';
  const names = procedureNames(path);
  const { code, rpc } = CODES[statusCode] ?? BAD_REQUEST;
  const entry = (name: string) => ({
    error: {
      json: {
        message,
        code: rpc,
        data: { code, httpStatus: statusCode, path: name, zodError: null },
      },
    },
  });
  const batched = (req.query as Record<string, unknown>).batch === '1';
  return reply.status(statusCode).send(batched ? names.map(entry) : entry(names[0] ?? ''));
}

/** `/api/trpc/auth.login,auth.check` -> ['auth.login', 'auth.check']. */
function procedureNames(path: string): string[] {
  let names = path.slice('/api/trpc/'.length);
  try {
    names = decodeURIComponent(names);
  } catch {
    // A malformed escape: the names are only echoed back in the error.
  }
  return names.split(',');
}
