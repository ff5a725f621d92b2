import { BOOK_SEGMENT, DAV_ROOT, paths } from '../shared/dav-paths';

/** The resources of Kith's DAV tree, as a request path names them. */
export type DavResource =
  | { kind: 'root' }
  | { kind: 'principal'; userId: string }
  | { kind: 'home'; userId: string }
  | { kind: 'book'; userId: string }
  | { kind: 'card'; userId: string; name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The resource a request path names, or null when it names none. A path of another account
 * parses like one's own; the handlers answer it 404, the same as a missing one, so a path
 * tells nothing of another account.
 * Card names are percent-decoded (RFC 3986), so `a%20b.vcf` and `a b.vcf` are one card.
 */
export function resourceOf(urlPath: string): DavResource | null {
  const path = urlPath.split('?')[0]!;
  if (!path.startsWith(DAV_ROOT.slice(0, -1))) return null;
  let segments: string[];
  try {
    segments = path
      .slice(DAV_ROOT.length)
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.length === 0) return { kind: 'root' };
  const [top, userId, book, name, ...rest] = segments;
  if (!userId || !UUID.test(userId)) return null;
  if (top === 'principals' && segments.length === 2) return { kind: 'principal', userId };
  if (top !== 'addressbooks') return null;
  if (!book) return { kind: 'home', userId };
  if (book !== BOOK_SEGMENT) return null;
  if (!name) return { kind: 'book', userId };
  if (rest.length > 0 || name === '.' || name === '..') return null;
  return { kind: 'card', userId, name };
}

/**
 * What a URL parse would change in a card name: a path separator (or a backslash), a percent
 * escape, a query or fragment, the C0 controls it strips or encodes, a trailing space it drops.
 */
// eslint-disable-next-line no-control-regex -- the controls are what the parse would change
const NEEDS_URL_PARSE = /[/%?#\\\x00-\x1f\x7f]| $/;

/**
 * The card name an href of a multiget names, when it is a card of `userId`'s book: hrefs may
 * be paths or absolute URLs (RFC 4918 §8.3).
 */
export function cardNameOf(href: string, userId: string): string | null {
  // What clients send (a path in the book, a plain name): read as it is, where a URL parse
  // would change nothing; a multiget of the whole book has one href a card.
  const book = paths.book(userId);
  if (href.startsWith(book)) {
    const name = href.slice(book.length);
    if (name !== '' && name !== '.' && name !== '..' && !NEEDS_URL_PARSE.test(name)) return name;
  }
  let path = href;
  try {
    path = new URL(href, 'http://x').pathname;
  } catch {
    return null;
  }
  const resource = resourceOf(path);
  return resource?.kind === 'card' && resource.userId === userId ? resource.name : null;
}
