import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { LetterRail } from './letter-rail';

const RAIL = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
// As at 1280 x 800: the rail runs from 68 px to 792 px; its 27 letters, 22 px each, are
// centred in it (594 px of letters, 65 px of empty rail above and below).
const RAIL_TOP = 68;
const RAIL_HEIGHT = 724;
const LETTER_HEIGHT = 22;
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
      const index = RAIL.indexOf(this.textContent ?? '');
      return box(LETTERS_TOP + index * LETTER_HEIGHT, LETTER_HEIGHT);
    });
    // jsdom has no pointer capture.
    HTMLElement.prototype.setPointerCapture = () => {};
    HTMLElement.prototype.hasPointerCapture = () => true;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function pressAt(clientY: number) {
    const onJump = vi.fn();
    const { getByRole, unmount } = render(<LetterRail letters={letters} onJump={onJump} />);
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
