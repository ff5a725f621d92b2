import type { FastifyPluginAsync } from 'fastify';
import type { ApiDependencies } from '../trpc/context';
import { servedImageType } from './images.service';
import { checkPhotoLink, PHOTO_PATH_PREFIX } from './photo-links';

/** A storage key as Kith makes them: `<uuid>.webp`. */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * `GET /uploads/<key>?exp=…&sig=…`: one image, for whoever holds a live signed link, while its
 * owner's account exists (docs/decisions/0009-photos-behind-signed-links.md: photos were public for
 * a year and outlived their account). Anything else answers the same 404, so a link reveals nothing
 * once it is dead. The answer is cached privately, for as long as the link lives.
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
      const contentType = await servedImageType(deps.db, key);
      const bytes = contentType ? await deps.images.get(key) : null;
      if (!contentType || !bytes) return notFound();
      return reply
        .header('content-type', contentType)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
};
