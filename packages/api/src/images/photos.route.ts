import { schema } from '@kith/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ApiDependencies } from '../trpc/context';
import { checkPhotoLink, PHOTO_PATH_PREFIX } from './photo-links';

const { images, users } = schema;

/** A storage key as Kith makes them: `<uuid>.webp`. */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * `GET /uploads/<key>?exp=…&sig=…`: one image, for whoever holds a live signed link, while
 * its owner's account exists (issue 15: photos were public for a year and outlived their
 * account). Anything else answers the same 404, so a link reveals nothing once it is dead.
 * The answer is cached privately, for as long as the link lives.
 */
export const photosPlugin: FastifyPluginAsync<{ deps: ApiDependencies }> = async (
  app,
  { deps },
) => {
  app.get<{ Params: { key: string }; Querystring: { exp?: string; sig?: string } }>(
    `${PHOTO_PATH_PREFIX}:key`,
    async (req, reply) => {
      const { key } = req.params;
      const notFound = () =>
        reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ success: false, message: 'Image not found.', data: null });
      if (!STORAGE_KEY.test(key)) return notFound();
      const maxAge = checkPhotoLink(
        deps.keys.photoLinks,
        key,
        req.query.exp,
        req.query.sig,
        deps.now(),
      );
      if (maxAge === null) return notFound();
      const [row] = await deps.db
        .select({ contentType: images.contentType })
        .from(images)
        .innerJoin(users, eq(users.id, images.ownerId))
        .where(and(eq(images.storageKey, key), isNull(users.deletedAt)));
      const bytes = row ? await deps.images.get(key) : null;
      if (!row || !bytes) return notFound();
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
};
