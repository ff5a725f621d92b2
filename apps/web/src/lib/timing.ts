/** The pause after a success before the product moves on, in ms (docs/product/limits.md#limits). */
export const REDIRECT_DELAY_MS = 2000;
/** Route guards wait this long before redirecting, in ms (docs/product/limits.md#limits). */
export const GUARD_DELAY_MS = 100;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
