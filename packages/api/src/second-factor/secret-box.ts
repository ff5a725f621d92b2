import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts a short secret for storage with AES-256-GCM (a fresh 96-bit IV each time, NIST SP
 * 800-38D): `iv.tag.ciphertext`, each base64url. For secrets the server must read back, such as
 * an authenticator app's shared key (OWASP Cryptographic Storage Cheat Sheet).
 */
export function encryptSecret(key: Uint8Array, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/**
 * Reads back what `encryptSecret` wrote.
 *
 * @throws Error when the value was altered or was sealed with another key.
 */
export function decryptSecret(key: Uint8Array, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
