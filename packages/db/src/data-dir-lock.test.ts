import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, dataDirHolder, lockPathOf } from './data-dir-lock.mjs';

const root = mkdtempSync(join(tmpdir(), 'kith-lock-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => join(root, `pglite-${(n += 1)}`);

/** A lock file as another opener would have left it. */
function leftBy(dataDir: string, holder: Record<string, unknown>) {
  writeFileSync(lockPathOf(dataDir), JSON.stringify({ since: '2026-11-27T03:00:00Z', ...holder }));
}

describe('one opener per embedded data folder', () => {
  it('refuses a second opener while the first holds the folder, and lets it in once released', () => {
    const dir = folder();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`^the data folder ${dir} is in use by process ${process.pid} on `),
    );
    release();
    expect(existsSync(lockPathOf(dir))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('takes over a lock whose process is gone (killed, or its machine restarted)', () => {
    const dead = folder();
    leftBy(dead, { pid: 2 ** 22 + 17, hostname: hostname() });
    expect(dataDirHolder(dead)).toBeNull();
    acquireDataDirLock(dead)();

    // A container restarted as the same pid: the pid is alive, but started at another time.
    const reused = folder();
    leftBy(reused, { pid: process.pid, hostname: hostname(), startTicks: '1' });
    expect(dataDirHolder(reused)).toBeNull();
    const release = acquireDataDirLock(reused);
    expect(JSON.parse(readFileSync(lockPathOf(reused), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    release();
  });

  it('respects a lock taken on another machine, which this one cannot look into', () => {
    const dir = folder();
    leftBy(dir, { pid: 1, hostname: 'another-machine' });
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process 1 on another-machine/);
    expect(existsSync(lockPathOf(dir))).toBe(true);
  });
});
