import { Checkbox, Skeleton, Text } from '@mantine/core';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hotkeysFor, inOverlay, SHORTCUTS } from '../../lib/shortcuts';
import { rememberOpenedRow, usePaneScroll } from './list-scroll';
import { rowLayout } from './row-layout';
import { LetterRail, type LetterIndex } from './letter-rail';
import type { ContactListItem } from '../../lib/contact-lists';
import { ContactAvatar } from '../contact-avatar';
import classes from './contact-table.module.css';
import type { Selection } from './selection';
import { useTranslation } from 'react-i18next';
import { contactName, shownName } from '../../lib/contact-name';

/** Row height in px; rows are virtualized, so a book of thousands scrolls smoothly. */
const ROW_HEIGHT = 60;
/** A row's height in px with "Compact rows" on (docs/product/screens.md#compact-rows). */
const COMPACT_ROW_HEIGHT = 44;
/** A letter header's height in px (docs/product/screens.md#letter-headers). */
const LETTER_HEIGHT = 28;
/** The app header's height and a gap, in px: what covers the top of the window. */
const STICKY_HEADER_PX = 68;
/** How long a touch must rest on a row to select it, in ms (touch screens cannot hover). */
const LONG_PRESS_MS = 500;

export interface Column {
  header: string;
  /** The cell of a contact. */
  render: (contact: ContactListItem) => ReactNode;
  /** The cell's whole text, shown on hover when the column is too narrow for it. */
  title?: (contact: ContactListItem) => string;
}

/**
 * The rows' virtualizer, scrolling the window, or `scrollElement` (the list's pane,
 * docs/product/screens.md#two-panes). A table keeps one scroller for its whole life (the pane's
 * list is another table than the full-width one), so the same hook runs on every render.
 */
function useRowVirtualizer(
  options: {
    count: number;
    estimateSize: (slot: number) => number;
    overscan: number;
    scrollMargin: number;
    scrollPaddingStart: number;
  },
  scrollElement?: HTMLElement,
) {
  if (scrollElement) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the table's life (above)
    return useVirtualizer({ ...options, getScrollElement: () => scrollElement });
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the table's life (above)
  return useWindowVirtualizer(options);
}

/**
 * The contacts table (docs/product/screens.md#row-behaviour-in-contacts-and-favorites): avatar that
 * becomes a checkbox on hover, name, then the given columns (hidden on narrow screens, where
 * `secondary` shows under the name), and per-row actions shown on hover. A click anywhere but a
 * control opens the contact; Enter opens, Space selects; a long press selects on touch screens.
 *
 * The table is as tall as the whole list (`count` rows) from the start, and renders only the rows
 * on screen: `rowAt` gives each one (undefined while its window loads: a placeholder row), and
 * `onRange` hears which rows are shown so their windows are fetched
 * (docs/decisions/0010-lists-read-by-window.md). With `letters`, an A-Z rail at the right edge
 * jumps to a letter's first row; with `letterHeaders`, a header row ("A", "B") comes before each
 * letter's first contact (docs/product/screens.md#letter-headers). `compact` makes rows 44 px
 * instead of 60 (docs/product/screens.md#compact-rows).
 *
 * In the list pane of the two-pane layout (docs/product/screens.md#two-panes), `scrollElement`
 * is the pane that scrolls, `narrow` shows the phone's layout (name over phone or email), and
 * `activeId` marks the contact open beside the list.
 *
 * Keys (docs/product/screens.md#list-keys, Mantine's useHotkeys, quiet while typing or in a
 * dialog or menu): `j`/`k` move to the next or previous row and focus it (a screen reader
 * reads it), Enter opens it, `e` calls `onEdit` and `#` `onTrash` with it.
 */
export function ContactTable({
  label,
  count,
  rowAt,
  onRange,
  letters,
  letterHeaders,
  compact = false,
  selection,
  columns,
  secondary,
  actions,
  onOpen,
  onEdit,
  onTrash,
  activeId,
  scrollElement,
  narrow = false,
}: {
  label: string;
  count: number;
  rowAt: (index: number) => ContactListItem | undefined;
  onRange: (first: number, last: number) => void;
  letters?: LetterIndex;
  letterHeaders?: LetterIndex;
  compact?: boolean;
  selection: Selection;
  columns: Column[];
  secondary: (contact: ContactListItem) => ReactNode;
  actions: (contact: ContactListItem) => ReactNode;
  /** A row opened (click, Enter); `index` is its position in the list. */
  onOpen?: (contact: ContactListItem, index: number) => void;
  onEdit?: (contact: ContactListItem) => void;
  onTrash?: (contact: ContactListItem) => void;
  activeId?: string;
  scrollElement?: HTMLElement;
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const selecting = selection.count > 0;
  const layout = useMemo(() => rowLayout(count, letterHeaders), [count, letterHeaders]);
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  // The virtualizer measures from the top of its scroller; the selection header above moves it.
  useLayoutEffect(() => {
    const box = bodyRef.current?.getBoundingClientRect();
    if (!box) return;
    const top = scrollElement
      ? box.top - scrollElement.getBoundingClientRect().top + scrollElement.scrollTop
      : box.top + window.scrollY;
    if (Math.abs(top - offset) > 1) setOffset(top);
  }, [selecting, offset, scrollElement]);
  const virtualizer = useRowVirtualizer(
    {
      count: layout.size,
      estimateSize: (slot) => (layout.at(slot).kind === 'letter' ? LETTER_HEIGHT : rowHeight),
      overscan: 12,
      scrollMargin: offset,
      // A jump (the A-Z rail) puts its row below the sticky app header, not under it.
      scrollPaddingStart: scrollElement ? 0 : STICKY_HEADER_PX,
    },
    scrollElement,
  );
  // Sizes change with the density and the headers: the rows' places are worked out again.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight, layout]);
  const shown = virtualizer.getVirtualItems();
  const [first, last] = layout.contactRange(shown[0]?.index ?? 0, shown.at(-1)?.index ?? 0);
  useEffect(() => onRange(first, last), [onRange, first, last]);
  useHomeEndJumps(scrollElement);
  usePaneScroll(scrollElement, label, count > 0 && offset > 0, (index, viewportTop) => {
    const headersBefore = layout.slotOf(index) - index;
    const slotTop = offset + index * rowHeight + headersBefore * LETTER_HEIGHT;
    return slotTop - (viewportTop - (scrollElement?.getBoundingClientRect().top ?? 0));
  });
  const firstContact = rowAt(0);

  // The row `j`/`k` last reached (or the one focused), as an index in the list; `focus`
  // while the keys' move waits for the row to take the focus.
  const [highlight, setHighlight] = useState<{ index: number; focus: boolean } | null>(null);
  const move = (step: 1 | -1) => {
    if (count === 0) return;
    const from = highlight?.index ?? (step > 0 ? -1 : count);
    const next = Math.min(Math.max(from + step, 0), count - 1);
    setHighlight({ index: next, focus: true });
    virtualizer.scrollToIndex(layout.slotOf(next), { align: 'auto' });
  };
  const highlighted = () => (highlight ? rowAt(highlight.index) : undefined);
  const withHighlighted = (act?: (contact: ContactListItem) => void) => () => {
    const contact = highlighted();
    if (contact) act?.(contact);
  };
  useHotkeys([
    ...hotkeysFor('next', () => move(1)),
    ...hotkeysFor('previous', () => move(-1)),
    ...hotkeysFor('edit', withHighlighted(onEdit)),
    ...hotkeysFor('trash', withHighlighted(onTrash)),
    // Enter on a focused row is the row's own; on a button it is the button's. Only with
    // nothing focused does it open the highlighted row.
    ...SHORTCUTS.open.hotkeys.map((hotkey): HotkeyItem => [
      hotkey,
      (event) => {
        if (event.target !== document.body || inOverlay(event)) return;
        const contact = highlighted();
        if (!contact || !highlight) return;
        event.preventDefault();
        onOpen?.(contact, highlight.index);
      },
      { preventDefault: false },
    ]),
  ]);

  return (
    <>
      <div
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        className={`${classes.table} ${compact ? classes.compact : ''} ${narrow ? classes.narrow : ''}`}
        style={
          {
            '--extra-columns': columns.map(() => 'minmax(0, 1.6fr)').join(' '),
          } as React.CSSProperties
        }
      >
        <div role="rowgroup">
          <div role="row" className={classes.headerRow}>
            <span role="columnheader" aria-label={t('Select')} />
            <span role="columnheader">{t('Name')}</span>
            {columns.map((column) => (
              <span key={column.header} role="columnheader" className={classes.wide}>
                {column.header}
              </span>
            ))}
            <span role="columnheader" aria-label={t('Actions')}>
              {/* The first row's actions, invisible and inert, make this column as wide as the
                rows' own, so every header sits over its column. */}
              {firstContact && (
                <span className={`${classes.actions} ${classes.ghost}`} aria-hidden inert>
                  {actions(firstContact)}
                </span>
              )}
            </span>
          </div>
        </div>
        <div
          role="rowgroup"
          ref={bodyRef}
          className={selecting ? classes.selecting : undefined}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {shown.map((item) => {
            const slot = layout.at(item.index);
            const top = item.start - virtualizer.options.scrollMargin;
            if (slot.kind === 'letter') {
              // A visual heading only: the names below say the letter to a screen reader, and
              // a table's row group holds rows alone.
              return (
                <div
                  key={`letter-${slot.letter}`}
                  aria-hidden
                  data-letter-header={slot.letter}
                  className={classes.letter}
                  style={{ transform: `translateY(${top}px)` }}
                >
                  {slot.letter}
                </div>
              );
            }
            const contact = rowAt(slot.index);
            if (!contact)
              return <PlaceholderRow key={`at-${slot.index}`} index={slot.index} top={top} />;
            return (
              <Row
                key={contact.id}
                contact={contact}
                index={slot.index}
                top={top}
                selection={selection}
                columns={columns}
                secondary={secondary}
                actions={actions}
                onOpen={onOpen}
                active={contact.id === activeId}
                highlighted={highlight?.index === slot.index}
                focusWanted={highlight?.index === slot.index && highlight.focus}
                onHighlight={(index) => setHighlight({ index, focus: false })}
                listName={label}
              />
            );
          })}
        </div>
      </div>
      {/* Beside the table, not in it: a table holds only rows (ARIA). */}
      {letters && (
        <LetterRail
          letters={letters}
          onJump={(position) =>
            virtualizer.scrollToIndex(layout.jumpTo(position), { align: 'start' })
          }
        />
      )}
    </>
  );
}

/**
 * Home and End jump to the list's first and last rows at once: the browser's own scroll
 * animates through the whole book, and a list read by windows would fetch the windows it
 * passes. Keys typed in a field, a menu or a dialog are left alone. `scroller` is the list's
 * pane, when it scrolls on its own.
 */
function useHomeEndJumps(scroller?: HTMLElement) {
  useEffect(() => {
    const jump = (event: KeyboardEvent) => {
      if (event.key !== 'Home' && event.key !== 'End') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      if (
        target.closest(
          'input, textarea, select, [contenteditable], [role="menu"], [role="dialog"], [role="listbox"]',
        )
      ) {
        return;
      }
      // In two panes, keys typed in the contact's pane scroll that pane, not the list.
      if (scroller && !scroller.contains(target) && target !== document.body) return;
      event.preventDefault();
      const end = scroller ? scroller.scrollHeight : document.documentElement.scrollHeight;
      const top = event.key === 'Home' ? 0 : end;
      (scroller ?? window).scrollTo({ top, behavior: 'instant' });
    };
    window.addEventListener('keydown', jump);
    return () => window.removeEventListener('keydown', jump);
  }, [scroller]);
}

/** A row whose window is still loading: its place kept, grey bars where the text will be. */
function PlaceholderRow({ index, top }: { index: number; top: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-busy
      className={classes.row}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }}
    >
      <span role="cell" className={classes.pick}>
        <Skeleton circle height={36} />
      </span>
      <span role="cell" className={classes.cell} aria-label={t('Loading')}>
        <Skeleton height={10} width="40%" radius="xl" />
      </span>
    </div>
  );
}

/**
 * A contact's row. `active`: it is open beside the list (aria-current); `highlighted`: the row
 * `j`/`k` reached (or focused last); `focusWanted`: the keys moved there, and it takes the focus.
 */
function Row({
  contact,
  index,
  top,
  selection,
  columns,
  secondary,
  actions,
  onOpen,
  active,
  highlighted,
  focusWanted,
  onHighlight,
  listName,
}: {
  contact: ContactListItem;
  index: number;
  top: number;
  selection: Selection;
  columns: Column[];
  secondary: (contact: ContactListItem) => ReactNode;
  actions: (contact: ContactListItem) => ReactNode;
  onOpen?: (contact: ContactListItem, index: number) => void;
  active: boolean;
  highlighted: boolean;
  /** The keys moved here: the row takes the focus once it is drawn. */
  focusWanted: boolean;
  onHighlight: (index: number) => void;
  /** The table's name: which list a remembered row belongs to. */
  listName: string;
}) {
  const { t } = useTranslation();
  const name = shownName(contactName(contact), t);
  const pressTimer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const rowRef = useRef<HTMLDivElement>(null);
  const selected = selection.isSelected(contact.id);
  useEffect(() => {
    if (focusWanted) rowRef.current?.focus({ preventScroll: true });
  }, [focusWanted]);
  const openRow = () => {
    const box = rowRef.current?.getBoundingClientRect();
    if (box) rememberOpenedRow(listName, index, box.top);
    onOpen?.(contact, index);
  };

  const open = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    if (target.closest('input, button, a, [role="checkbox"], [role="menu"]')) return;
    if (selection.count > 0 && window.matchMedia('(hover: none)').matches) {
      selection.toggle(contact.id);
      return;
    }
    // The second click of a double click (`detail` counts them) opens nothing more, even when
    // the first one's screen (the list beside the contact) has put another row under the pointer.
    if (event.detail > 1) return;
    openRow();
  };

  const startPress = () => {
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      selection.toggle(contact.id);
    }, LONG_PRESS_MS);
  };
  const endPress = () => {
    if (pressTimer.current !== null) window.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };

  return (
    <div
      ref={rowRef}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-current={active || undefined}
      tabIndex={0}
      data-selected={selected || undefined}
      data-active={active || undefined}
      data-highlighted={highlighted || undefined}
      className={classes.row}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }}
      onClick={open}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onHighlight(index);
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') {
          // The list's own Enter (no row focused) must not open a second time.
          event.preventDefault();
          openRow();
        }
        if (event.key === ' ') {
          event.preventDefault();
          selection.toggle(contact.id);
        }
      }}
      onTouchStart={startPress}
      onTouchEnd={endPress}
      onTouchMove={endPress}
      onContextMenu={(event) => {
        if (longPressed.current) event.preventDefault();
      }}
    >
      <span role="cell" className={classes.pick}>
        <span className={classes.avatar} style={selected ? { display: 'none' } : undefined}>
          <ContactAvatar name={name} url={contact.photo?.url ?? ''} />
        </span>
        <span className={classes.check} style={selected ? { display: 'flex' } : undefined}>
          <Checkbox
            checked={selected}
            onChange={() => selection.toggle(contact.id)}
            aria-label={t('Select {{name}}', { name })}
          />
        </span>
      </span>
      <span role="cell" className={classes.cell}>
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate className={classes.narrowOnly}>
          {secondary(contact)}
        </Text>
      </span>
      {columns.map((column) => (
        <span key={column.header} role="cell" className={`${classes.cell} ${classes.wide}`}>
          <Text size="sm" truncate title={column.title?.(contact)}>
            {column.render(contact)}
          </Text>
        </span>
      ))}
      <span role="cell" className={classes.actions}>
        {actions(contact)}
      </span>
    </div>
  );
}
