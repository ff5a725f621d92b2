/** What other domains use of labels/: the writes of labels and memberships (`writes.ts`). */
export {
  addMembers,
  copyMembership,
  deleteImportLabels,
  deleteOwnLabel,
  ensureLabels,
  saveGroupLabel,
  setContactLabels,
  setLabelMembers,
  type LabelOrigin,
  type Membership,
} from './writes';
