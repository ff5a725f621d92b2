/**
 * Where CardDAV lives and the href of each of its resources: the server serves them
 * (dav/), the sync page and the Apple configuration profile tell clients where to look
 * (app-passwords/).
 */

/** Where CardDAV is served (RFC 6764 discovery points here). */
export const DAV_ROOT = '/dav/';

/** The one address book each account has, its path segment. */
export const BOOK_SEGMENT = 'contacts';

/** The href of each resource (cards' names percent-encoded, RFC 3986). */
export const paths = {
  principal: (userId: string) => `${DAV_ROOT}principals/${userId}/`,
  home: (userId: string) => `${DAV_ROOT}addressbooks/${userId}/`,
  book: (userId: string) => `${DAV_ROOT}addressbooks/${userId}/${BOOK_SEGMENT}/`,
  card: (userId: string, name: string) =>
    `${DAV_ROOT}addressbooks/${userId}/${BOOK_SEGMENT}/${encodeURIComponent(name)}`,
};
