import { z } from 'zod';

/**
 * GET /search?query= (docs/product/states.md#forms, Search): the text as typed, at most 100
 * characters used.
 */
export const searchInput = z.object({
  query: z
    .string()
    .max(500)
    // PostgreSQL text cannot hold NUL; a person never types one.
    .transform((q) => q.replace(/\0/g, '').trim().slice(0, 100)),
});
