/** What the assembly uses of api-tokens/: its router. */
export { apiTokensRouter } from './api-tokens.router';
