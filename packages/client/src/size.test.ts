import { describe, expect, it } from 'vitest';
import { BROWSER_BUDGET_GZIP_BYTES, measure } from '../scripts/size.mjs';

/** Whether any of a bundle's inputs comes from one of `packages`. */
const carries = (inputs: [string, number][], packages: string[]) =>
  inputs.filter(([path]) => packages.some((name) => path.startsWith(`${name}/`)));

describe('the weight of the SDK in a browser (scripts/size.mjs)', () => {
  it('bundles createContactsClient for a browser under 15 KB gzipped, with no zod and no cookie jar', async () => {
    const { gzip, inputs } = await measure({ from: 'src' });
    expect(
      carries(inputs, ['zod', 'tough-cookie', 'fetch-cookie', 'tldts', 'libphonenumber-js']),
    ).toEqual([]);
    expect(gzip).toBeLessThanOrEqual(BROWSER_BUDGET_GZIP_BYTES);
  });

  it('gives Node the entry with the cookie jar, and the schemas only on their own subpath', async () => {
    const node = await measure({ from: 'src', platform: 'node' });
    expect(carries(node.inputs, ['tough-cookie', 'fetch-cookie']).length).toBeGreaterThan(0);
    expect(carries(node.inputs, ['zod'])).toEqual([]);
    const schemas = await measure({
      from: 'src',
      specifier: '@kith/client/validators',
      names: ['listInput'],
    });
    expect(carries(schemas.inputs, ['zod']).length).toBeGreaterThan(0);
  });
});
