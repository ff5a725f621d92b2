import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The most bytes a request body to `/api/` may carry from a caller who has not signed in
 * (docs/request-limits.md): every call open to strangers (sign-up, sign-in, recovery, the
 * contact form) fits in a few KB, while a signed-in person may send up to the route's own
 * limit (a photo in a tRPC body is ~7 MB).
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/** What a caller over the anonymous limit is told (413). */
export const ANONYMOUS_BODY_MESSAGE = `Sign in to send more than ${ANONYMOUS_BODY_LIMIT / 1024} KB.`;

/**
 * A `preParsing` hook, run before a body is read: a request to `/api/` whose caller is not
 * known (`isKnown`, one HMAC over a cookie) may send at most `ANONYMOUS_BODY_LIMIT` bytes. A
 * larger declared `Content-Length` is refused unread; a chunked body is cut off at the limit.
 * CardDAV (`/dav/`) signs its callers in before reading and is not touched here.
 *
 * @throws an error with statusCode 413 for a body over the limit.
 */
export function anonymousBodyCap(isKnown: (req: FastifyRequest) => Promise<boolean>) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    if (!req.url.startsWith('/api/') || req.method === 'GET' || req.method === 'HEAD') {
      return payload;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared <= ANONYMOUS_BODY_LIMIT && req.headers['transfer-encoding'] === undefined) {
      return payload;
    }
    if (await isKnown(req)) return payload;
    // The rest of the body would still be received and thrown away; closing stops it.
    void reply.header('Connection', 'close');
    if (declared > ANONYMOUS_BODY_LIMIT) throw tooLarge();
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > ANONYMOUS_BODY_LIMIT) done(tooLarge());
        else done(null, chunk);
      },
    });
    return payload.pipe(counted);
  };
}

function tooLarge(): Error {
  return Object.assign(new Error(ANONYMOUS_BODY_MESSAGE), {
    statusCode: 413,
    code: 'KITH_ANONYMOUS_BODY_TOO_LARGE',
  });
}
