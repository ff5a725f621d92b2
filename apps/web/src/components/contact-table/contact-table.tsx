import { Checkbox, Skeleton, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LetterRail, type LetterIndex } from './letter-rail';
import type { Contact } from '../../lib/contact-lists';
import { ContactAvatar } from '../contact-avatar';
import classes from './contact-table.module.css';
import type { Selection } from './selection';
import { useTranslation } from 'react-i18next';
import { contactName, shownName } from '../../lib/contact-name';

/** Row height in px; rows are virtualized, so a book of thousands scrolls smoothly. */
const ROW_HEIGHT = 60;
/** The app header's height and a gap, in px: what covers the top of the window. */
const STICKY_HEADER_PX = 68;
/** How long a touch must rest on a row to select it, in ms (touch screens cannot hover). */
const LONG_PRESS_MS = 500;

export interface Column {
  header: string;
  /** The cell of a contact. */
  render: (contact: Contact) => ReactNode;
  /** The cell's whole text, shown on hover when the column is too narrow for it. */
  title?: (contact: Contact) => string;
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
 * jumps to a letter's first row.
 */
export function ContactTable({
  label,
  count,
  rowAt,
  onRange,
  letters,
  selection,
  columns,
  secondary,
  actions,
  onOpen,
}: {
  label: string;
  count: number;
  rowAt: (index: number) => Contact | undefined;
  onRange: (first: number, last: number) => void;
  letters?: LetterIndex;
  selection: Selection;
  columns: Column[];
  secondary: (contact: Contact) => ReactNode;
  actions: (contact: Contact) => ReactNode;
  onOpen?: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const selecting = selection.count > 0;
  // The virtualizer measures from the top of the page; the selection header above moves it.
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - offset) > 1) setOffset(top);
  }, [selecting, offset]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: offset,
    // A jump (the A-Z rail) puts its row below the sticky app header, not under it.
    scrollPaddingStart: STICKY_HEADER_PX,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0]?.index ?? 0;
  const last = shown.at(-1)?.index ?? 0;
  useEffect(() => onRange(first, last), [onRange, first, last]);
  useHomeEndJumps();
  const firstContact = rowAt(0);

  return (
    <>
      <div
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        className={classes.table}
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
            const contact = rowAt(item.index);
            const top = item.start - virtualizer.options.scrollMargin;
            if (!contact)
              return <PlaceholderRow key={`at-${item.index}`} index={item.index} top={top} />;
            return (
              <Row
                key={contact.id}
                contact={contact}
                index={item.index}
                top={top}
                selection={selection}
                columns={columns}
                secondary={secondary}
                actions={actions}
                onOpen={onOpen}
              />
            );
          })}
        </div>
      </div>
      {/* Beside the table, not in it: a table holds only rows (ARIA). */}
      {letters && (
        <LetterRail
          letters={letters}
          onJump={(position) => virtualizer.scrollToIndex(position, { align: 'start' })}
        />
      )}
    </>
  );
}

/**
 * Home and End jump to the list's first and last rows at once: the browser's own scroll
 * animates through the whole book, and a list read by windows would fetch the windows it
 * passes. Keys typed in a field, a menu or a dialog are left alone.
 */
function useHomeEndJumps() {
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
      event.preventDefault();
      const top = event.key === 'Home' ? 0 : document.documentElement.scrollHeight;
      window.scrollTo({ top, behavior: 'instant' });
    };
    window.addEventListener('keydown', jump);
    return () => window.removeEventListener('keydown', jump);
  }, []);
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

function Row({
  contact,
  index,
  top,
  selection,
  columns,
  secondary,
  actions,
  onOpen,
}: {
  contact: Contact;
  index: number;
  top: number;
  selection: Selection;
  columns: Column[];
  secondary: (contact: Contact) => ReactNode;
  actions: (contact: Contact) => ReactNode;
  onOpen?: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const name = shownName(contactName(contact), t);
  const pressTimer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const selected = selection.isSelected(contact.id);

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
    onOpen?.(contact);
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
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      data-selected={selected || undefined}
      className={classes.row}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') onOpen?.(contact);
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
