import { Readable } from 'node:stream';
import { importPreviewInput } from '@kith/validators';
import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../credentials/authenticate';
import { SESSION_ENDED_MESSAGE } from '../credentials/sessions';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { mapErrorToResponse } from '../rest/error-response';
import { cooperative } from '../shared/event-loop';
import type { ApiDependencies } from '../trpc/context';
import { previewImport, type ImportPreview } from './preview.service';

/** Where the import page sends a file to preview. */
export const IMPORT_PREVIEW_PATH = '/api/imports/preview';

/** Largest request body, in bytes: a 7 MB file (`IMPORT_FILE_MAX`) as JSON, with room. */
const IMPORT_PREVIEW_BODY_LIMIT = 8 * 1024 * 1024;

/** Contacts written per chunk of the answer. */
const CONTACTS_PER_CHUNK = 500;

/**
 * `POST /api/imports/preview` with `{content, mapping?, dateOrder?}` (`importPreviewInput`): reads
 * the file and answers its `ImportPreview` as JSON (`previewImport`); nothing is written. A plain
 * route, not a procedure: a 7 MB file's preview is 12 MB of JSON, which tRPC serialises, measures
 * and encodes in one go, holding the event loop 90-110 ms here (240 ms on a slower CI machine;
 * reliability/freeze.test.ts: no request may stall the server for others;
 * docs/decisions/0008-streaming-the-import-preview.md). Here it is streamed a few hundred contacts
 * at a time.
 *
 * Answers 403 `{message}` without a live session, as procedures do, so the page can refresh and
 * retry; 400 `{message}` for a body that is not the input or a file Kith cannot read
 * (`previewImport`'s ValidationErrors, in the product's words); 413 over 8 MiB; 429 past the
 * account's heavy calls, which each preview spends.
 */
export const importPreviewPlugin: FastifyPluginAsync<{
  deps: ApiDependencies;
  rateLimiter: RateLimiter;
}> = async (app, { deps, rateLimiter }) => {
  app.post(IMPORT_PREVIEW_PATH, { bodyLimit: IMPORT_PREVIEW_BODY_LIMIT }, async (req, reply) => {
    const session = await authenticate({ ...deps, req });
    if (!session) return reply.code(403).send({ message: SESSION_ENDED_MESSAGE });
    let preview: ImportPreview;
    try {
      await rateLimiter.consume('heavy', { ip: req.ip, account: session.userId });
      preview = await previewImport(deps, session.userId, importPreviewInput.parse(req.body));
    } catch (error) {
      const mapped = mapErrorToResponse(error);
      if (mapped.status >= 500) req.log.error({ err: error }, 'import preview failed');
      return reply.code(mapped.status).send({ message: mapped.body.message });
    }
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(Readable.from(previewJson(preview)));
  });
};

/**
 * The preview as JSON text in chunks, the same value `JSON.stringify` would write (with
 * `contacts` last), letting other requests run between contacts (`cooperative`).
 */
export async function* previewJson(preview: ImportPreview): AsyncGenerator<string> {
  const { contacts, ...rest } = preview;
  yield `${JSON.stringify(rest).slice(0, -1)},"contacts":[`;
  const pause = cooperative();
  for (let start = 0; start < contacts.length; start += CONTACTS_PER_CHUNK) {
    const chunk: string[] = [];
    for (const contact of contacts.slice(start, start + CONTACTS_PER_CHUNK)) {
      await pause();
      chunk.push(JSON.stringify(contact));
    }
    yield (start === 0 ? '' : ',') + chunk.join(',');
  }
  yield ']}';
}
