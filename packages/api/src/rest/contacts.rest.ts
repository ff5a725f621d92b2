import { untrusted, withId, type RestRoute } from './adapter';
import { parseJsonFields, readMultipart } from './multipart';

/** SPEC §7 "Contacts, favorites, trash": every path, with SPEC §8's success messages. */
export const contactsRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/contacts',
    handle: async ({ caller, body: input }) => ({
      data: await caller.contacts.create(untrusted(input)),
      message: 'Contact Created',
      status: 201,
    }),
  },
  {
    method: 'GET',
    path: '/contacts',
    handle: async ({ caller }) => ({ data: (await caller.contacts.list({ limit: null })).items }),
  },
  {
    method: 'GET',
    path: '/contacts/:id',
    handle: async ({ caller, params }) => ({
      data: await caller.contacts.byId({ id: params.id! }),
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/:id',
    handle: async ({ caller, params, body: input }) => ({
      data: await caller.contacts.update(withId(input, params.id!)),
      message: 'Contact Updated',
    }),
  },
  {
    method: 'PUT',
    path: '/contacts/:id',
    handle: async ({ caller, params, req }) => {
      const { fields, file } = await readMultipart(req, 'avatarImage');
      const values = parseJsonFields(fields, ['avatar', 'birthday', 'location', 'worksAt']);
      if (file) {
        const current = (values.avatar ?? {}) as { publicId?: string };
        const { image } = await caller.image.upload({ data: file });
        values.avatar = { ...current, publicId: image.publicId };
      }
      return {
        data: await caller.contacts.update(withId(values, params.id!)),
        message: 'Contact Updated',
      };
    },
  },
  {
    method: 'PATCH',
    path: '/favorites/:id',
    handle: async ({ caller, params, body: input }) => {
      const result = await caller.favorites.set(withId(input, params.id!));
      const message = result.isFavorite
        ? `Added ${result.name} to favorites`
        : `Removed ${result.name} to favorites`;
      return { data: result, message };
    },
  },
  {
    method: 'GET',
    path: '/favorites',
    handle: async ({ caller }) => ({ data: (await caller.favorites.list({ limit: null })).items }),
  },
  {
    method: 'PATCH',
    path: '/trash/:id',
    handle: async ({ caller, params }) => ({
      data: await caller.trash.add({ id: params.id! }),
      message: 'Contact move to trash',
    }),
  },
  {
    method: 'PATCH',
    path: '/trash',
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.addMany(untrusted(input));
      return { data: result, message: `${result.ids.length} add to trash` };
    },
  },
  {
    method: 'GET',
    path: '/trash',
    handle: async ({ caller }) => ({ data: (await caller.trash.list({ limit: null })).items }),
  },
  {
    method: 'DELETE',
    path: '/contacts/delete',
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.deleteMany(untrusted(input));
      return { data: result, message: `${result.ids.length} contacts deleted` };
    },
  },
  {
    method: 'DELETE',
    path: '/contacts/delete/:id',
    handle: async ({ caller, params }) => ({
      data: await caller.trash.delete({ id: params.id! }),
      message: 'Contact Deleted',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover/:id',
    handle: async ({ caller, params }) => ({
      data: await caller.trash.recover({ id: params.id! }),
      message: 'Contact recovered',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover',
    handle: async ({ caller, body: input }) => ({
      data: await caller.trash.recoverMany(untrusted(input)),
      message: 'Contacts recovered',
    }),
  },
  {
    method: 'DELETE',
    path: '/contacts/empty',
    handle: async ({ caller }) => ({ data: await caller.trash.empty(), message: 'Trash emptied' }),
  },
  {
    method: 'GET',
    path: '/search',
    handle: async ({ caller, query }) => ({
      data: await caller.search.contacts({ query: query.query ?? '' }),
    }),
  },
  {
    method: 'POST',
    path: '/image',
    handle: async ({ caller, req }) => {
      const { fields, file } = await readMultipart(req, 'image');
      const { image } = await caller.image.upload({
        data: file ?? new Uint8Array(),
        publicId: fields.publicId || undefined,
      });
      return { data: { image }, message: 'Image uploaded successfully!', status: 201 };
    },
  },
  {
    method: 'DELETE',
    path: '/image/:id',
    handle: async ({ caller, params }) => ({
      data: await caller.image.delete({ publicId: params.id! }),
      message: 'Image delete successfully!',
    }),
  },
];
