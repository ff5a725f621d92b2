import { contactCreateInput, contactIdsInput, contactUpdateInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, withId, type RestRoute } from './adapter';
import { parseJsonFields, readMultipart } from './multipart';
import {
  changedIdsSchema,
  contactEditForm,
  contactSchema,
  contactSummarySchema,
  favoriteSchema,
  imageSchema,
  imageUploadForm,
} from './openapi/wire-schemas';

/** SPEC §7 "Contacts, favorites, trash": every path, with SPEC §8's success messages. */
export const contactsRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/contacts',
    successStatus: 201,
    doc: {
      summary: 'Create a contact',
      tag: 'Contacts',
      signedIn: true,
      body: contactCreateInput,
      data: contactSchema,
      errors: [400],
    },
    handle: async ({ caller, body: input }) => ({
      data: await caller.contacts.create(untrusted(input)),
      message: 'Contact Created',
    }),
  },
  {
    method: 'GET',
    path: '/contacts',
    doc: {
      summary: 'Every active contact, by name',
      tag: 'Contacts',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: (await caller.contacts.list({ limit: null })).items }),
  },
  {
    method: 'GET',
    path: '/contacts/:id',
    doc: {
      summary: 'One contact',
      tag: 'Contacts',
      signedIn: true,
      data: contactSchema,
      errors: [400, 404],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.contacts.byId({ id: params.id! }),
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/:id',
    doc: {
      summary: 'Change some fields of a contact',
      tag: 'Contacts',
      signedIn: true,
      body: contactUpdateInput,
      data: contactSchema,
      errors: [400, 404],
    },
    handle: async ({ caller, params, body: input }) => ({
      data: await caller.contacts.update(withId(input, params.id!)),
      message: 'Contact Updated',
    }),
  },
  {
    method: 'PUT',
    path: '/contacts/:id',
    doc: {
      summary: 'Edit a contact from the edit form, with a new photo',
      tag: 'Contacts',
      signedIn: true,
      form: contactEditForm,
      data: contactSchema,
      errors: [400, 404, 413],
    },
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
    doc: {
      summary: 'Mark or unmark a favourite',
      tag: 'Favorites',
      signedIn: true,
      body: z.object({ isFavorite: z.boolean() }),
      data: favoriteSchema,
      errors: [400, 404],
    },
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
    doc: {
      summary: 'Every favourite contact',
      tag: 'Favorites',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: (await caller.favorites.list({ limit: null })).items }),
  },
  {
    method: 'PATCH',
    path: '/trash/:id',
    doc: {
      summary: 'Move a contact to the trash',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.add({ id: params.id! }),
      message: 'Contact move to trash',
    }),
  },
  {
    method: 'PATCH',
    path: '/trash',
    doc: {
      summary: 'Move several contacts to the trash',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.addMany(untrusted(input));
      return { data: result, message: `${result.ids.length} add to trash` };
    },
  },
  {
    method: 'GET',
    path: '/trash',
    doc: {
      summary: 'Every trashed contact, most recent first',
      tag: 'Trash',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: (await caller.trash.list({ limit: null })).items }),
  },
  {
    method: 'DELETE',
    path: '/contacts/delete',
    doc: {
      summary: 'Delete several trashed contacts forever',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.deleteMany(untrusted(input));
      return { data: result, message: `${result.ids.length} contacts deleted` };
    },
  },
  {
    method: 'DELETE',
    path: '/contacts/delete/:id',
    doc: {
      summary: 'Delete a trashed contact forever',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.delete({ id: params.id! }),
      message: 'Contact Deleted',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover/:id',
    doc: {
      summary: 'Recover a contact from the trash',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.recover({ id: params.id! }),
      message: 'Contact recovered',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover',
    doc: {
      summary: 'Recover several contacts from the trash',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
    },
    handle: async ({ caller, body: input }) => ({
      data: await caller.trash.recoverMany(untrusted(input)),
      message: 'Contacts recovered',
    }),
  },
  {
    method: 'DELETE',
    path: '/contacts/empty',
    doc: {
      summary: 'Empty the trash',
      tag: 'Trash',
      signedIn: true,
      data: z.object({ deleted: z.int().min(0) }),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: await caller.trash.empty(), message: 'Trash emptied' }),
  },
  {
    method: 'GET',
    path: '/search',
    doc: {
      summary: 'Search contacts by name, email, company or phone digits',
      tag: 'Search',
      signedIn: true,
      query: z.object({ query: z.string().max(500) }),
      data: z.array(contactSummarySchema),
      errors: [400],
    },
    handle: async ({ caller, query }) => ({
      data: await caller.search.contacts({ query: query.query ?? '' }),
    }),
  },
  {
    method: 'POST',
    path: '/image',
    successStatus: 201,
    doc: {
      summary: 'Upload an image (JPEG, PNG, WebP, GIF, AVIF, HEIF, TIFF; at most 5 MB)',
      tag: 'Images',
      signedIn: true,
      form: imageUploadForm,
      data: z.object({ image: imageSchema }),
      errors: [400, 404, 413],
    },
    handle: async ({ caller, req }) => {
      const { fields, file } = await readMultipart(req, 'image');
      const { image } = await caller.image.upload({
        data: file ?? new Uint8Array(),
        publicId: fields.publicId || undefined,
      });
      return { data: { image }, message: 'Image uploaded successfully!' };
    },
  },
  {
    method: 'DELETE',
    path: '/image/:id',
    doc: {
      summary: 'Delete an uploaded image',
      tag: 'Images',
      signedIn: true,
      data: z.object({ publicId: z.uuid() }),
      errors: [400, 404],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.image.delete({ publicId: params.id! }),
      message: 'Image delete successfully!',
    }),
  },
];
