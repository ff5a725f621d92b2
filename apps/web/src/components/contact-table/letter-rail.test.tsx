import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { LetterRail } from './letter-rail';

const RAIL = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
// As at 1280 x 800: the rail runs from 68 px to 792 px; its 27 letters, 24 px each (WCAG
// 2.5.8's least target), are centred in it (648 px of letters, 38 px of empty rail above and
// below).
const RAIL_TOP = 68;
const RAIL_HEIGHT = 724;
const LETTER_HEIGHT = 24;
const LETTERS_TOP = RAIL_TOP + (RAIL_HEIGHT - RAIL.length * LETTER_HEIGHT) / 2;

function box(top: number, height: number): DOMRect {
  return DOMRect.fromRect({ x: 1256, y: top, width: 22, height });
}

/** Every letter starts a name: position i is the i-th letter of the rail. */
const letters = RAIL.map((letter, position) => ({ letter, position }));

describe('LetterRail under a pointer', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.tagName === 'NAV') return box(RAIL_TOP, RAIL_HEIGHT);
      // Each letter's box is where the rail draws it: its place among the rail's buttons.
      const index = [...this.parentElement!.children].indexOf(this);
      return box(LETTERS_TOP + index * LETTER_HEIGHT, LETTER_HEIGHT);
    });
    // jsdom has no pointer capture.
    HTMLElement.prototype.setPointerCapture = () => {};
    HTMLElement.prototype.hasPointerCapture = () => true;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function pressAt(clientY: number, index = letters) {
    const onJump = vi.fn();
    const { getByRole, unmount } = render(<LetterRail letters={index} onJump={onJump} />);
    fireEvent.pointerDown(getByRole('navigation'), { pointerId: 1, clientY });
    unmount();
    return onJump;
  }

  it.each(RAIL.map((letter, index) => [letter, index]))(
    'a press on the middle of %s jumps to its first name, position %i',
    (_letter, index) => {
      const onJump = pressAt(LETTERS_TOP + index * LETTER_HEIGHT + LETTER_HEIGHT / 2);
      expect(onJump).toHaveBeenCalledExactlyOnceWith(index);
    },
  );

  it('a press on the top or bottom edge of a letter still chooses it', () => {
    const a = RAIL.indexOf('A');
    expect(pressAt(LETTERS_TOP + a * LETTER_HEIGHT + 1)).toHaveBeenCalledWith(a);
    const z = RAIL.indexOf('Z');
    expect(pressAt(LETTERS_TOP + (z + 1) * LETTER_HEIGHT - 1)).toHaveBeenCalledWith(z);
  });

  it('a press on the rail above the letters chooses #, below them Z', () => {
    expect(pressAt(RAIL_TOP + 2)).toHaveBeenCalledWith(0);
    expect(pressAt(RAIL_TOP + RAIL_HEIGHT - 2)).toHaveBeenCalledWith(RAIL.indexOf('Z'));
  });

  it('with names in other scripts after Z, a press on the last letter (#) jumps to them', () => {
    const afterZ = [...RAIL.slice(1), '#'].map((letter, position) => ({ letter, position }));
    const last = LETTERS_TOP + (RAIL.length - 1) * LETTER_HEIGHT + LETTER_HEIGHT / 2;
    expect(pressAt(last, afterZ)).toHaveBeenCalledExactlyOnceWith(26);
    expect(pressAt(LETTERS_TOP + LETTER_HEIGHT / 2, afterZ)).toHaveBeenCalledWith(0);
  });

  it('a finger sliding from A to C jumps to each letter on the way', () => {
    const onJump = vi.fn();
    render(<LetterRail letters={letters} onJump={onJump} />);
    const rail = screen.getByRole('navigation');
    const middleOf = (letter: string) =>
      LETTERS_TOP + RAIL.indexOf(letter) * LETTER_HEIGHT + LETTER_HEIGHT / 2;
    fireEvent.pointerDown(rail, { pointerId: 1, clientY: middleOf('A') });
    fireEvent.pointerMove(rail, { pointerId: 1, clientY: middleOf('B') });
    fireEvent.pointerMove(rail, { pointerId: 1, clientY: middleOf('C') });
    expect(onJump.mock.calls).toEqual([[1], [2], [3]]);
  });
});

describe('LetterRail with names that start with no letter', () => {
  // The lists sort by the folded name's code points: Hebrew, Arabic and emoji after Z.
  const afterZ = [
    { letter: 'A', position: 0 },
    { letter: 'M', position: 4 },
    { letter: 'Z', position: 9 },
    { letter: '#', position: 12 },
  ];
  const railLetters = () =>
    screen.getAllByRole('button').map((button) => button.getAttribute('data-letter'));

  it('puts # last, under Z, when those names come after Z, and # jumps to them', () => {
    const onJump = vi.fn();
    render(<LetterRail letters={afterZ} onJump={onJump} />);
    expect(railLetters()).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#']);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to other names' }), { detail: 0 });
    expect(onJump).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('puts # first when those names come before A (digits, signs, no name)', () => {
    const onJump = vi.fn();
    render(
      <LetterRail
        letters={[
          { letter: '#', position: 0 },
          { letter: 'B', position: 2 },
        ]}
        onJump={onJump}
      />,
    );
    expect(railLetters()).toEqual(['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to other names' }), { detail: 0 });
    expect(onJump).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('with such names both before A and after Z, # stands first and jumps to the first of them', () => {
    const onJump = vi.fn();
    render(
      <LetterRail
        letters={[
          { letter: '#', position: 0 },
          { letter: 'A', position: 1 },
          { letter: 'Z', position: 2 },
          { letter: '#', position: 3 },
        ]}
        onJump={onJump}
      />,
    );
    expect(railLetters()).toEqual(['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to other names' }), { detail: 0 });
    expect(onJump).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('keeps # last, dimmed, when every name starts with a letter; it jumps to the last letter', () => {
    const onJump = vi.fn();
    render(<LetterRail letters={afterZ.slice(0, 3)} onJump={onJump} />);
    expect(railLetters().at(-1)).toBe('#');
    const other = screen.getByRole('button', { name: 'Jump to other names' });
    expect(other).toHaveAttribute('data-empty');
    fireEvent.click(other, { detail: 0 });
    expect(onJump).toHaveBeenCalledExactlyOnceWith(9);
  });
});
