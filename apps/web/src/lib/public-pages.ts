/**
 * The pages a visitor may see (SPEC §2): they paint without waiting for the session check,
 * and the build prerenders them to HTML (issue 19).
 */
export const PUBLIC_PAGES = ['/', '/help', '/privacy', '/terms', '/contact'] as const;
