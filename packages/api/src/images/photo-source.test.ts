import { describe, expect, it } from 'vitest';
import { fetchPublicPhoto, isPublicAddress } from './photo-source';

describe('photo addresses (OWASP SSRF)', () => {
  it('refuses loopback, private and special ranges, however IPv6 spells them', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'not an address',
    ];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });

  it('allows public unicast addresses', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'].every(isPublicAddress)).toBe(true);
  });

  it('never connects to a private address written in the URL', async () => {
    await expect(fetchPublicPhoto('https://[::7f00:1]/photo.png')).rejects.toThrow(
      'private address',
    );
    await expect(fetchPublicPhoto('https://[64:ff9b::7f00:1]/photo.png')).rejects.toThrow(
      'private address',
    );
  });
});
