import type { FastifyReply, FastifyRequest } from 'fastify';
import { procedureNames } from './rate-limits';

/** JSON-RPC code tRPC uses for TOO_MANY_REQUESTS. */
const TOO_MANY_REQUESTS_RPC_CODE = -32029;

/**
 * Sends an error raised before tRPC ran (a rate limit) in tRPC's own response shape, one
 * entry per call of a batch, so the web app and the SDK read it like any procedure error.
 */
export function sendTrpcShapedError(
  req: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  message: string,
): FastifyReply {
  const path = req.url.split('?')[0] ?? '';
  const names = procedureNames(path);
  const entry = (name: string) => ({
    error: {
      json: {
        message,
        code: TOO_MANY_REQUESTS_RPC_CODE,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: statusCode, path: name, zodError: null },
      },
    },
  });
  const batched = (req.query as Record<string, unknown>).batch === '1';
  return reply.status(statusCode).send(batched ? names.map(entry) : entry(names[0] ?? ''));
}
