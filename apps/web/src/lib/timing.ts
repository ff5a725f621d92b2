/** SPEC §9: the pause after a success before the product moves on, in ms. */
export const REDIRECT_DELAY_MS = 2000;
/** SPEC §9: route guards wait this long before redirecting, in ms. */
export const GUARD_DELAY_MS = 100;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
