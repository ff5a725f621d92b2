/** What other domains use of labels/: the writes of labels and memberships (`writes.ts`). */
export {
  addMembers,
  copyMembership,
  deleteImportLabels,
  deleteOwnLabel,
  ensureLabels,
  putBackLabels,
  saveGroupLabel,
  setContactLabels,
  setLabelMembers,
  setLabelsOfContacts,
  type ContactLabelIds,
  type LabelOrigin,
  type LabelState,
  type Membership,
} from './writes';
