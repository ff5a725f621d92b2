/** What other domains use of account/: the profile, and erasing deleted accounts. */
export { getProfile } from './account.service';
export { purgeAccount, purgeDeletedAccounts } from './purge';
