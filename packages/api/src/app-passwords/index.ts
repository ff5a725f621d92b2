/** What other domains use of app-passwords/: CardDAV's sign-in, and revoking them all. */
export {
  revokeAllAppPasswords,
  verifyAppPassword,
  type AppPasswordUser,
} from './app-passwords.service';
