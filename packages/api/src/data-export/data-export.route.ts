import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../credentials/authenticate';
import { SESSION_ENDED_MESSAGE } from '../credentials/sessions';
import type { ApiDependencies } from '../trpc/context';
import { mapErrorToResponse } from '../rest/error-response';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { createDataArchive } from './data-export';

/** Where the web app's "Download my data" link points. */
export const DATA_EXPORT_PATH = '/api/account/export';

/**
 * `GET /api/account/export`: the signed-in person's data as a zip download (see
 * `createDataArchive`). A plain HTTP route, not a procedure: browsers download it directly.
 * Answers 403 `{message}` without a live session, as procedures do, so the page can refresh
 * and retry. Each download spends one of the account's heavy calls (429 past the budget).
 */
export const dataExportPlugin: FastifyPluginAsync<{
  deps: ApiDependencies;
  rateLimiter: RateLimiter;
}> = async (app, { deps, rateLimiter }) => {
  app.get(DATA_EXPORT_PATH, async (req, reply) => {
    const session = await authenticate({ ...deps, req });
    if (!session) return reply.code(403).send({ message: SESSION_ENDED_MESSAGE });
    try {
      await rateLimiter.consume('heavy', { ip: req.ip, account: session.userId });
    } catch (error) {
      const mapped = mapErrorToResponse(error);
      return reply.code(mapped.status).send({ message: mapped.body.message });
    }
    const archive = await createDataArchive(deps, session.userId);
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="kith-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });
};
