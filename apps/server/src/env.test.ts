import { describe, expect, it } from 'vitest';
import { InvalidEnvError, loadEnv, MissingEnvError } from './env';

describe('loadEnv', () => {
  it('fills the defaults the README documents', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.DATA_DIR).toMatch(/\.data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('refuses to start production without APP_SECRET, naming the variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(MissingEnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      'Missing environment variable: APP_SECRET',
    );
  });

  it('names the variable and the reason for a malformed value', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(InvalidEnvError);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('serves the built web app in production and when asked, not otherwise', () => {
    expect(loadEnv({}).SERVE_WEB).toBe(false);
    expect(loadEnv({ SERVE_WEB: 'true' }).SERVE_WEB).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).SERVE_WEB).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('trusts no proxy unless told, and never any client (TRUST_PROXY)', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: '2' })).toThrow(/hop count/);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any client/,
    );
  });

  it('takes the PgBouncer settings only together with the DATABASE_URL they describe', () => {
    const pooled = 'postgres://kith@pgbouncer:6432/kith';
    const direct = 'postgres://kith@postgres:5432/kith';
    expect(loadEnv({ DATABASE_URL: pooled }).DATABASE_POOL_MODE).toBe('session');
    const env = loadEnv({
      DATABASE_URL: pooled,
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: direct,
    });
    expect([env.DATABASE_POOL_MODE, env.DATABASE_DIRECT_URL]).toEqual(['transaction', direct]);
    expect(() => loadEnv({ DATABASE_URL: pooled, DATABASE_POOL_MODE: 'statement' })).toThrow(
      /DATABASE_POOL_MODE/,
    );
    expect(() => loadEnv({ DATABASE_POOL_MODE: 'transaction' })).toThrow(
      /DATABASE_POOL_MODE: it describes DATABASE_URL, which is unset/,
    );
    expect(() => loadEnv({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toThrow(
      /DATABASE_DIRECT_URL: .*set DATABASE_POOL_MODE=transaction/,
    );
  });
});
