import { createSecretKey, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * What one access-token verification costs with each form of the HS256 key jose accepts: the
 * raw bytes, a Node `KeyObject`, and a WebCrypto `CryptoKey` imported once (what
 * `credentials/sealed.ts` holds). Interleaved rounds, median per form, in µs per verify
 * (docs/performance.md#access-tokens). `pnpm bench:tokens`.
 */
const ROUNDS = 7;
const VERIFIES_PER_ROUND = 3_000;

const bytes = new Uint8Array(randomBytes(32));
const keyObject = createSecretKey(bytes);
const cryptoKey = await webcrypto.subtle.importKey(
  'raw',
  bytes,
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['sign', 'verify'],
);
const token = await new SignJWT({ sid: 'family' })
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject('user')
  .setIssuedAt()
  .setExpirationTime('15m')
  .sign(cryptoKey);
const options = { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] };

async function microsPerVerify(key: Uint8Array | typeof keyObject | typeof cryptoKey) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < VERIFIES_PER_ROUND; i += 1) await jwtVerify(token, key, options);
  return Number(process.hrtime.bigint() - start) / VERIFIES_PER_ROUND / 1000;
}

const forms = { bytes, keyObject, cryptoKey } as const;
const times: Record<keyof typeof forms, number[]> = { bytes: [], keyObject: [], cryptoKey: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, key] of Object.entries(forms) as [keyof typeof forms, Uint8Array][]) {
    times[name].push(await microsPerVerify(key));
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const result = Object.fromEntries(
  Object.entries(times).map(([name, values]) => [name, Number(median(values).toFixed(1))]),
);
console.log(`µs per access-token verify, median of ${ROUNDS} interleaved rounds:`, result);
console.log(
  `CryptoKey made once against KeyObject: ${(result.keyObject! / result.cryptoKey!).toFixed(2)}x faster`,
);
