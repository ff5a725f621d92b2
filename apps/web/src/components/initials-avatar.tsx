/**
 * Colours for initials avatars: each carries white text at WCAG AA contrast (4.5:1 or more).
 */
const palette = [
  '#0b7285',
  '#5f3dc4',
  '#c2255c',
  '#2b8a3e',
  '#d9480f',
  '#1864ab',
  '#862e9c',
  '#495057',
];

// Splits text into user-perceived characters (extended grapheme clusters, Unicode UAX #29).
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A word's first user-perceived character: a whole emoji or accented letter, never half of one. */
function firstGrapheme(word: string | undefined): string {
  if (!word) return '';
  return graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
}

/**
 * The one or two characters that stand for a name: "Ada Lovelace" -> "AL", "cher" -> "C",
 * "" -> "?". Each is a whole grapheme cluster (Unicode UAX #29), so an emoji such as "👩‍🚀"
 * or a letter with a combining accent is kept whole instead of being cut into a lone
 * surrogate that renders as "�".
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = firstGrapheme(words[0]) || '?';
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1]) : '';
  return (first + last).toUpperCase();
}

/** A colour from the palette that stays the same for the same name. */
export function colorFor(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}

/**
 * An avatar drawn in the browser from a name's initials never fetched from a third-party
 * service (docs/product/screens.md#row-behaviour-in-contacts-and-favorites). `name` is what
 * it is called; `initialsFrom` (the given and family name, when `name` is the whole name
 * with its prefix and suffix) gives the letters and the colour, as in the list.
 */
export function InitialsAvatar({
  name,
  initialsFrom = name,
  size = 40,
  decorative = false,
}: {
  name: string;
  initialsFrom?: string;
  size?: number;
  /** Hidden from assistive technology when the name is already said beside it. */
  decorative?: boolean;
}) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" {...a11y}>
      <circle cx="20" cy="20" r="20" fill={colorFor(initialsFrom)} />
      <text
        x="50%"
        y="50%"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize="15"
        fontWeight="600"
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(initialsFrom)}
      </text>
    </svg>
  );
}
