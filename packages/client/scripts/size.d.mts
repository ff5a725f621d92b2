/** The budget of a browser bundle that imports only `createContactsClient`, gzipped, in bytes. */
export const BROWSER_BUDGET_GZIP_BYTES: number;

/** Minified and gzipped sizes of a one-line bundle, in bytes, and its inputs, largest first. */
export function measure(options?: {
  specifier?: string;
  names?: string[];
  platform?: 'browser' | 'node' | 'neutral';
  from?: 'dist' | 'src';
}): Promise<{ minified: number; gzip: number; inputs: [path: string, bytes: number][] }>;
