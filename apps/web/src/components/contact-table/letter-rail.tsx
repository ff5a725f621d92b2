import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './letter-rail.module.css';

/** A list's A-Z index as `contacts.letters` answers it: each letter's first position. */
export type LetterIndex = { letter: string; position: number }[];

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/**
 * The rail's letters in the order the list has them. Names that start with no letter A-Z go
 * under `#`; the lists sort names by their folded text's code points
 * (docs/product/screens.md#keyboard), so a digit or a sign comes before A but a name in
 * Hebrew, Arabic, Greek or Cyrillic, or one that starts with an emoji, comes after Z. `#`
 * stands where the index puts those names: first when they come before A, last otherwise,
 * and last when the list has none (as phones' address books have it).
 */
export function railOrder(letters: LetterIndex): string[] {
  const other = letters.find((entry) => entry.letter === '#');
  const firstLetter = letters.find((entry) => entry.letter !== '#');
  const otherFirst = other !== undefined && (!firstLetter || other.position < firstLetter.position);
  return otherFirst ? ['#', ...LETTERS] : [...LETTERS, '#'];
}

/**
 * The rail letter under a pointer at `clientY` (viewport px): the letter whose own button box
 * holds it, else the nearest one (a gap between letters, above the first, below the last while
 * the pointer is captured). The letters are centred in a taller rail, so the rail's own height
 * would put a pointer over "A" on a later letter.
 */
function letterAt(rail: HTMLElement, clientY: number): string {
  let nearest = 'A';
  let nearestDistance = Infinity;
  for (const button of rail.querySelectorAll<HTMLElement>('[data-letter]')) {
    const box = button.getBoundingClientRect();
    const distance = Math.max(box.top - clientY, clientY - box.bottom, 0);
    if (distance < nearestDistance) {
      nearest = button.dataset.letter!;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/**
 * The A-Z rail at the right edge of a long list sorted by name, as phones' address books have:
 * a tap, or a finger sliding along it, jumps to the first contact under the letter.
 * A letter no name starts with is dimmed and jumps to the next one that does (or, past the
 * last, to the last that does). Each letter is at least 24 px high and wide (WCAG 2.5.8 Target
 * Size), so the 27 fit a window 700 px high; in a shorter one they shrink to fit. Its buttons
 * are out of the tab order (the keyboard has Home, End and Page Down) but named for screen
 * readers.
 */
export function LetterRail({
  letters,
  onJump,
}: {
  letters: LetterIndex;
  onJump: (position: number) => void;
}) {
  const { t } = useTranslation();
  // '#' may come twice (names before A and after Z): the rail's one '#' jumps to the first.
  const positions = new Map(
    [...letters].reverse().map((entry) => [entry.letter, entry.position] as const),
  );
  const lastJump = useRef<string | null>(null);
  const rail = railOrder(letters);

  const positionOf = (letter: string) => {
    for (const next of rail.slice(rail.indexOf(letter))) {
      const position = positions.get(next);
      if (position !== undefined) return position;
    }
    return letters.at(-1)!.position;
  };
  const jump = (letter: string) => {
    if (lastJump.current === letter) return;
    lastJump.current = letter;
    onJump(positionOf(letter));
  };
  return (
    <nav
      aria-label={t('Jump to letter')}
      className={classes.rail}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        lastJump.current = null;
        jump(letterAt(event.currentTarget, event.clientY));
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) {
          jump(letterAt(event.currentTarget, event.clientY));
        }
      }}
    >
      {rail.map((letter) => (
        <button
          key={letter}
          type="button"
          tabIndex={-1}
          className={classes.letter}
          data-letter={letter}
          data-empty={!positions.has(letter) || undefined}
          aria-label={
            letter === '#' ? t('Jump to other names') : t('Jump to {{letter}}', { letter })
          }
          // Keyboard and screen-reader activation (a pointer has jumped on pointerdown).
          onClick={(event) => {
            if (event.detail === 0) {
              lastJump.current = null;
              jump(letter);
            }
          }}
        >
          {letter}
        </button>
      ))}
    </nav>
  );
}
