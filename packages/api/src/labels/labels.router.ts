import {
  contactId,
  labelAssignInput,
  labelCreateInput,
  labelIdInput,
  labelListInput,
  labelRenameInput,
} from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { listContactItems, listContacts, ownedLabel } from '../contacts';
import {
  assignLabel,
  createLabel,
  deleteLabel,
  labelsOfContact,
  listLabels,
  renameLabel,
  unassignLabel,
} from './labels.service';
import { protectedProcedure } from '../trpc/init';

/**
 * Labels (Google Contacts' labels, vCard CATEGORIES): create, rename, delete, give
 * to contacts and take away, and list a label's contacts. Every label is the signed-in
 * person's own; another person's answers NOT_FOUND.
 */
export const labelsRouter = {
  /** `{id, name, count}[]`, A to Z; `count` leaves out contacts in the trash. */
  list: protectedProcedure.query(({ ctx }) => listLabels(ctx.db, ctx.userId)),

  /** Creates `{name}`; CONFLICT when a label of that name (any case) exists. */
  create: protectedProcedure
    .input(labelCreateInput)
    .mutation(({ ctx, input }) => createLabel(ctx.db, ctx.userId, input.name)),

  /** Renames `{id, name}`; NOT_FOUND for another's label, CONFLICT for a taken name. */
  rename: protectedProcedure
    .input(labelRenameInput)
    .mutation(({ ctx, input }) => renameLabel(ctx.db, ctx.userId, input.id, input.name)),

  /** Deletes `{id}`; the contacts stay. */
  delete: protectedProcedure
    .input(labelIdInput)
    .mutation(({ ctx, input }) => deleteLabel(ctx.db, ctx.userId, input.id)),

  /**
   * Gives `{labelId}` to `{contactIds}` (the person's own only) or to a whole list but some
   * (`{all}`); returns `{changed}`.
   */
  assign: protectedProcedure
    .input(labelAssignInput)
    .mutation(({ ctx, input }) => assignLabel(ctx.db, ctx.userId, input.labelId, input)),

  /** Takes `{labelId}` from `{contactIds}` or from a whole list but some; returns `{changed}`. */
  unassign: protectedProcedure
    .input(labelAssignInput)
    .mutation(({ ctx, input }) => unassignLabel(ctx.db, ctx.userId, input.labelId, input)),

  /** The labels of `{contactId}`, A to Z. */
  ofContact: protectedProcedure
    .input(z.object({ contactId }))
    .query(({ ctx, input }) => labelsOfContact(ctx.db, ctx.userId, input.contactId)),

  /** One page of the label's contacts (not trashed), in `sort` order, with the label's name. */
  contacts: protectedProcedure.input(labelListInput).query(async ({ ctx, input }) => {
    const label = await ownedLabel(ctx.db, ctx.userId, input.labelId);
    const page = await listContacts(ctx, ctx.userId, 'contacts', input);
    return { ...page, label };
  }),

  /**
   * `contacts` with each contact as a list screen's row (`ContactListItem`, as
   * `contacts.listItems` gives them), with the label's name.
   */
  contactItems: protectedProcedure.input(labelListInput).query(async ({ ctx, input }) => {
    const label = await ownedLabel(ctx.db, ctx.userId, input.labelId);
    const page = await listContactItems(ctx, ctx.userId, 'contacts', input);
    return { ...page, label };
  }),
} satisfies TRPCRouterRecord;
