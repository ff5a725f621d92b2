/** What other domains use of merge/: forgetting merge undos past their time (retention). */
export { deleteMergeUndosBefore } from './writes';
export { MERGE_UNDO_MS } from './messages';
