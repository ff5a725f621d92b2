/**
 * The CardDAV endpoints as the API documentation page (`/api/docs`) lists them. OpenAPI has
 * no WebDAV methods (PROPFIND, REPORT…), so they are described in words beside the REST paths.
 */
export const CARDDAV_DOCS = `
## CardDAV (sync with phones and desktop address books)

Kith is a CardDAV server (RFC 6352 over WebDAV, RFC 4918; sync by RFC 6578) at \`/dav/\`.
Clients sign in with HTTP Basic: the account email and an **app password** created on the
"Sync with your phone" page (\`appPasswords.create\`); the account password and session
cookies never work there. Wrong credentials are rate-limited per IP and per account (429).

| path | methods | what it is |
|---|---|---|
| \`/.well-known/carddav\` | any | 301 to \`/dav/\` (RFC 6764 discovery) |
| \`/\` | PROPFIND | the host's root, for clients given only the host name: answers as \`/dav/\` does (401 without an app password) |
| \`/dav/\` | OPTIONS, PROPFIND | the service root: \`current-user-principal\` |
| \`/dav/principals/{userId}/\` | PROPFIND, PROPPATCH | the principal: \`addressbook-home-set\`, \`me-card\` |
| \`/dav/addressbooks/{userId}/\` | PROPFIND | the address book home (Depth 1 lists the book) |
| \`/dav/addressbooks/{userId}/contacts/\` | PROPFIND, PROPPATCH, REPORT | the one address book: \`getctag\`, \`sync-token\`, \`supported-address-data\` (vCard 3.0 and 4.0), \`max-resource-size\`, quota; PROPPATCH sets \`displayname\` and \`me-card\`; REPORT \`addressbook-multiget\`, \`addressbook-query\`, \`sync-collection\` |
| \`/dav/addressbooks/{userId}/contacts/{name}.vcf\` | GET, HEAD, PUT, DELETE | one card, with a strong ETag; \`If-Match\` / \`If-None-Match\` answer 412 on a mismatch |

Cards are served as vCard 3.0 unless \`Accept: text/vcard; version=4.0\` (or an \`address-data\`
element) asks for 4.0; vCard 2.1 PUTs are refused (415). A DELETE moves the contact to the
Trash. Apple's clients also see labels as group cards (\`X-ADDRESSBOOKSERVER-KIND:group\`).
Failures answer a \`DAV:error\` body naming the precondition (\`valid-sync-token\`,
\`no-uid-conflict\`, \`valid-address-data\`, \`supported-address-data\`, \`max-resource-size\`)
and a message.
`;
