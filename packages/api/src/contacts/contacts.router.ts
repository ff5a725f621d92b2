import {
  contactCreateInput,
  contactExportInput,
  contactId,
  contactUpdateInput,
  letterIndexInput,
  listInput,
  listItemsInput,
} from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import {
  createContact,
  getContact,
  letterIndex,
  listContactItems,
  listContacts,
  updateContact,
} from './contacts.service';
import { exportContacts } from './export.service';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

/**
 * The person's contacts: the list and its A-Z index, one contact, create, update and export.
 * Merge & fix adds its procedures beside these (`merge/merge.router.ts`).
 */
export const contactsRouter = {
  /**
   * A page of active contacts in `sort` order, after `cursor` or at `offset`:
   * `{items, nextCursor, total}` (`total` on the first page only).
   */
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input }) => listContacts(ctx, ctx.userId, 'contacts', input)),

  /**
   * A page of a list as its screen's rows (`ContactListItem`: the name's parts, the first
   * email and phone, the photo, the star, when trashed): the contacts, favorites or trash
   * (`list`), paged and ordered as `contacts.list`: `{items, nextCursor, total}` (`total` on
   * the first page only). A label's rows are `labels.contactItems`.
   */
  listItems: protectedProcedure
    .input(listItemsInput)
    .query(({ ctx, input }) => listContactItems(ctx, ctx.userId, input.list, input)),

  /**
   * The A-Z index of the contacts or favorites (or one label's contacts) sorted by first or
   * last name: `[{letter, position}]` in list order, `#` for names that start with no letter.
   */
  letters: protectedProcedure
    .input(letterIndexInput)
    .query(({ ctx, input }) => letterIndex(ctx.db, ctx.userId, input)),

  /**
   * Exports contacts not in the trash (all, `favorites`, `labelId`'s or `contactIds`) as
   * `{filename, contentType, content}`: vCard 4.0 with photos and CATEGORIES, or
   * Google-compatible CSV. A mutation, so a long selection travels in the body.
   */
  export: protectedProcedure
    .input(contactExportInput)
    .use(rateLimited('heavy', signedInUser))
    .mutation(({ ctx, input }) => exportContacts(ctx, ctx.userId, input)),

  /** One contact, trashed or not; NOT_FOUND when unknown or someone else's. */
  byId: protectedProcedure
    .input(z.object({ id: contactId }))
    .query(({ ctx, input }) => getContact(ctx, ctx.userId, input.id)),

  /**
   * Creates a contact from the card's parts (a given and a family name and a phone required,
   * docs/product/validation.md#contact-form); returns it with its `id`. A repeat
   * with the same `idempotencyKey` and data returns the contact the first call made;
   * UNPROCESSABLE_CONTENT (422) when the data differ, CONFLICT (409) when that contact is in
   * the Trash (IETF draft-ietf-httpapi-idempotency-key-header; see `createContact`).
   */
  create: protectedProcedure
    .input(contactCreateInput)
    .mutation(({ ctx, input }) => createContact(ctx, ctx.userId, input)),

  /** Changes the given fields; returns the updated contact. */
  update: protectedProcedure
    .input(contactUpdateInput.extend({ id: contactId }))
    .mutation(({ ctx, input: { id, ...values } }) => updateContact(ctx, ctx.userId, id, values)),
} satisfies TRPCRouterRecord;
