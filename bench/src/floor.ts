/**
 * The floor: a bare Fastify server doing the same database work as each measured call with
 * nothing else (no session check, no validation, no tRPC, no mapping), so ours / floor shows
 * what the product adds.
 */
import Fastify, { type FastifyInstance } from 'fastify';

/** Runs SQL text with positional parameters and returns the rows. */
export type RunSql = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The search service's SQL (packages/api/src/search/search.service.ts), written out. */
const SEARCH_SQL = `
  select c.id, c.given_name, c.family_name, c.email, i.storage_key
  from contacts c left join images i on c.photo_image_id = i.id
  where c.user_id = $1 and c.trashed_at is null
    and (c.search_text like kith_fold($2) escape '\\' or ($5 <> '' and c.phone_digits like $6))
  order by case when c.sort_name like kith_fold($3) escape '\\' or ($5 <> '' and (',' || c.phone_digits) like $7)
    then 0 when (' ' || c.search_text) like kith_fold($4) escape '\\' then 1 else 2 end,
    c.sort_name, c.id
  limit 20`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function startFloor(run: RunSql, userId: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });

  app.get<{ Querystring: { q: string } }>('/search', async (req) => {
    const text = req.query.q.trim();
    const escaped = escapeLike(text);
    const digits = /^[\d\s+\-().]+$/.test(text) ? text.replace(/\D/g, '') : '';
    return run(SEARCH_SQL, [
      userId,
      `%${escaped}%`,
      `${escaped}%`,
      `% ${escaped}%`,
      digits,
      `%${digits}%`,
      `%,${digits}%`,
    ]);
  });

  app.get<{ Params: { id: string } }>('/contacts/:id', async (req) => {
    const [row] = await run('select * from contacts where id = $1 and user_id = $2', [
      req.params.id,
      userId,
    ]);
    return row;
  });

  // A list's first page as Kith reads it: the rows (whole contacts, or a row's columns) with
  // the account's revision, and the list counted again only when that revision moved.
  const kept = { revision: -1, total: 0 };
  const listPage = async (columns: string) => {
    const items = await run(
      `select ${columns}, i.storage_key, c.sort_name::text as cursor_key,
         (select dav_revision from users where id = $1) as revision
       from contacts c left join images i on c.photo_image_id = i.id
       where c.user_id = $1 and c.trashed_at is null order by c.sort_name, c.id limit 101`,
      [userId],
    );
    const revision = Number(items[0]?.revision ?? -1);
    if (revision !== kept.revision) {
      const [counted] = await run(
        `select dav_revision as revision, (select count(*)::int from contacts
           where user_id = $1 and trashed_at is null) as total from users where id = $1`,
        [userId],
      );
      Object.assign(kept, { revision: Number(counted!.revision), total: counted!.total });
    }
    return { items, total: kept.total };
  };
  app.get('/contacts', () => listPage('c.*'));
  app.get('/list-items', () =>
    listPage(
      'c.id, c.given_name, c.family_name, c.email, c.phone, c.photo_image_id, c.is_favorite, c.trashed_at',
    ),
  );

  app.post<{
    Body: { givenName: string; familyName: string; phones: { value: string; type: string }[] };
  }>('/contacts', async (req) => {
    const [row] = await run(
      'insert into contacts (user_id, given_name, family_name, phones) values ($1, $2, $3, $4::jsonb) returning *',
      [userId, req.body.givenName, req.body.familyName, JSON.stringify(req.body.phones)],
    );
    return row;
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}
