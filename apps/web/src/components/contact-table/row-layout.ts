import type { LetterIndex } from './letter-rail';

/** One slot of the virtualised list: a letter's header, or the contact at `index`. */
export type Slot = { kind: 'letter'; letter: string } | { kind: 'contact'; index: number };

/**
 * Where each row of a list with letter headers goes (docs/product/screens.md#letter-headers):
 * the list's `count` contacts, with a header slot before each letter's first contact. Works
 * from the letter index alone (each letter's first position), so rows not yet loaded keep
 * their place. Without `letters` the slots are the contacts themselves.
 */
export interface RowLayout {
  /** Slots in all: contacts and headers. */
  size: number;
  /** What slot `slot` (0-based) holds. */
  at: (slot: number) => Slot;
  /** The slot of the contact at `index`. */
  slotOf: (index: number) => number;
  /** The slot a jump to `position` lands on: its letter's header when it starts one. */
  jumpTo: (position: number) => number;
  /** The contacts shown between two slots, inclusive: `[first, last]` contact indices. */
  contactRange: (firstSlot: number, lastSlot: number) => [number, number];
}

/** How many of the sorted `values` are at most `value` (binary search). */
function countAtMost(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The layout of `count` contacts with headers at `letters` (positions past the list, or
 * repeated, as a stale index may hold after a change, are dropped).
 */
export function rowLayout(count: number, letters?: LetterIndex): RowLayout {
  const groups: { letter: string; position: number }[] = [];
  for (const entry of [...(letters ?? [])].sort((a, b) => a.position - b.position)) {
    if (entry.position < 0 || entry.position >= count) continue;
    if (groups.at(-1)?.position === entry.position) continue;
    groups.push(entry);
  }
  const positions = groups.map((group) => group.position);
  // A header's slot: its letter's first position plus the headers before it.
  const headerSlots = groups.map((group, i) => group.position + i);
  const at = (slot: number): Slot => {
    const headersUpTo = countAtMost(headerSlots, slot);
    if (headersUpTo > 0 && headerSlots[headersUpTo - 1] === slot) {
      return { kind: 'letter', letter: groups[headersUpTo - 1]!.letter };
    }
    return { kind: 'contact', index: slot - headersUpTo };
  };
  const slotOf = (index: number) => index + countAtMost(positions, index);
  return {
    size: count + groups.length,
    at,
    slotOf,
    jumpTo: (position) => {
      const i = positions.indexOf(position);
      return i === -1 ? slotOf(position) : headerSlots[i]!;
    },
    contactRange: (firstSlot, lastSlot) => {
      const first = firstSlot - countAtMost(headerSlots, firstSlot);
      const last = lastSlot - countAtMost(headerSlots, lastSlot);
      return [Math.min(first, Math.max(count - 1, 0)), Math.max(last, 0)];
    },
  };
}
