import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppSecret } from './secrets';

describe('resolveAppSecret', () => {
  it('generates a secret once in development and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-secret-'));
    const first = resolveAppSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAppSecret(undefined, dir)).toBe(first);
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
  });

  it('uses the configured secret when there is one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-secret-'));
    expect(resolveAppSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});
