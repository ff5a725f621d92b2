// Injected into the server bundle (build.mjs): the `__filename` and `__dirname` that bundled
// CommonJS modules may name, here the bundle's own, since ESM defines neither.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const __filename = fileURLToPath(import.meta.url);
export const __dirname = dirname(__filename);
