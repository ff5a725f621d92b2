import { IMPORT_UPLOAD_MAX, IMPORT_UPLOAD_TOO_LARGE } from '@kith/validators';
import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../credentials/authenticate';
import { SESSION_ENDED_MESSAGE } from '../credentials/sessions';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { mapErrorToResponse } from '../rest/error-response';
import type { ApiDependencies } from '../trpc/context';
import { stageFile, stagingMessages } from './staging';

/** Where the import page uploads a file. */
export const IMPORT_UPLOAD_PATH = '/api/imports/upload';

/**
 * `POST /api/imports/upload?name=<file name>`: the body is the file's text in UTF-8, of any
 * content type, streamed into the database as it arrives (`stageFile`), so no instance holds
 * the file and any instance can preview and import it. Answers 201 `{importId, byteSize}`;
 * then `imports.previewFile` and `imports.start`. A plain route, not a procedure: tRPC reads
 * a whole JSON body into memory, and a file may be 100 MB.
 *
 * Answers 403 `{message}` without a live session, as procedures do; 413 with
 * `IMPORT_UPLOAD_TOO_LARGE` for a file over `IMPORT_UPLOAD_MAX` (declared by Content-Length:
 * before a byte is read; sent chunked: as soon as it passes the limit), the connection closed
 * so the rest is not sent for nothing; 400 for an empty file; 409 while another import of the
 * account is running; 429 past the account's heavy calls, which each upload spends.
 */
export const importUploadPlugin: FastifyPluginAsync<{
  deps: ApiDependencies;
  rateLimiter: RateLimiter;
}> = async (app, { deps, rateLimiter }) => {
  // The body is read by the route as a stream, whatever its type: no parser buffers it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.post<{ Querystring: { name?: string } }>(
    IMPORT_UPLOAD_PATH,
    { bodyLimit: IMPORT_UPLOAD_MAX },
    async (req, reply) => {
      const refuse = (status: number, message: string) => {
        // Whatever of the body is still coming would be read and thrown away: close instead.
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
        return reply.code(status).send({ message });
      };
      const session = await authenticate({ ...deps, req });
      if (!session) return refuse(403, SESSION_ENDED_MESSAGE);
      const declared = Number(req.headers['content-length'] ?? NaN);
      if (declared > IMPORT_UPLOAD_MAX) return refuse(413, IMPORT_UPLOAD_TOO_LARGE);
      if (declared === 0) return refuse(400, stagingMessages.empty);
      try {
        await rateLimiter.consume('heavy', { ip: req.ip, account: session.userId });
        const body = (req.body ?? req.raw) as AsyncIterable<Uint8Array>;
        const staged = await stageFile(deps.db, session.userId, String(req.query.name ?? ''), body);
        return reply.code(201).header('cache-control', 'no-store').send(staged);
      } catch (error) {
        const mapped = mapErrorToResponse(error);
        if (mapped.status >= 500) req.log.error({ err: error }, 'import upload failed');
        return refuse(mapped.status, mapped.body.message);
      }
    },
  );
};
