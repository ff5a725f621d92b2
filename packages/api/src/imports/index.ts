/** What other domains use of imports/: the import job and the removal of stale staged files. */
export { IMPORT_JOB, runImportJob, type ImportJobDependencies } from './run.service';
export { removeStaleStagedFiles } from './staging';
