import { describe, expect, it } from 'vitest';
import { paths } from '../shared/dav-paths';
import { cardNameOf, resourceOf } from './paths';

const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** The name a WHATWG URL parse of the href gives (RFC 3986 via the URL Standard). */
function parsedName(href: string): string | null {
  const resource = resourceOf(new URL(href, 'http://x').pathname);
  return resource?.kind === 'card' && resource.userId === userId ? resource.name : null;
}

describe('cardNameOf', () => {
  it('reads an href in the book as a URL parse would, whatever the name holds', () => {
    const names = [
      'abc.vcf',
      'a b.vcf',
      'é ü 😀.vcf',
      "~!$&'()*+,;=:@.vcf",
      'a%20b.vcf',
      'a%2Fb.vcf',
      'a%zz.vcf',
      'a\tb.vcf',
      'a\nb.vcf',
      'x.vcf ',
      ' x.vcf',
      'a/b.vcf',
      'a\\b.vcf',
      'a?x=1',
      'a#frag',
      '.',
      '..',
      '',
    ];
    for (const name of names) {
      const href = `${paths.book(userId)}${name}`;
      expect(cardNameOf(href, userId), JSON.stringify(name)).toBe(parsedName(href));
    }
  });

  it('reads absolute URLs and refuses another account’s cards', () => {
    expect(cardNameOf(`https://kith.example${paths.card(userId, 'a b.vcf')}`, userId)).toBe(
      'a b.vcf',
    );
    expect(cardNameOf(paths.card('1f8fad5b-d9cb-469f-a165-70867728950e', 'a.vcf'), userId)).toBe(
      null,
    );
  });
});
