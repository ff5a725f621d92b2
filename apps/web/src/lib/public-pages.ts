/**
 * The pages a visitor may see (docs/product/screens.md#public-routes): they paint without
 * waiting for the session check, and the build prerenders them to HTML
 * (docs/decisions/0014-prerendered-public-pages.md).
 */
export const PUBLIC_PAGES = ['/', '/help', '/privacy', '/terms', '/contact'] as const;
