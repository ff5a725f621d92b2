import { Checkbox, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Contact } from '../../../lib/contact-lists';
import { ContactAvatar } from '../../../components/contact-avatar';
import classes from './contact-table.module.css';
import type { Selection } from './selection';
import { useTranslation } from 'react-i18next';

/** Row height in px; rows are virtualized, so a book of thousands scrolls smoothly. */
const ROW_HEIGHT = 60;
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
 * The contacts table (SPEC §2 "Row behaviour"): avatar that becomes a checkbox on hover,
 * name, then the given columns (hidden on narrow screens, where `secondary` shows under the
 * name), and per-row actions shown on hover. A click anywhere but a control opens the contact;
 * Enter opens, Space selects; a long press selects on touch screens.
 */
export function ContactTable({
  label,
  contacts,
  selection,
  columns,
  secondary,
  actions,
  onOpen,
}: {
  label: string;
  contacts: Contact[];
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
    count: contacts.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: offset,
  });

  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={contacts.length + 1}
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
                rows' own, so every header sits over its column (issue 21.4). */}
            {contacts[0] && (
              <span className={`${classes.actions} ${classes.ghost}`} aria-hidden inert>
                {actions(contacts[0])}
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
        {virtualizer.getVirtualItems().map((item) => {
          const contact = contacts[item.index]!;
          return (
            <Row
              key={contact._id}
              contact={contact}
              index={item.index}
              top={item.start - virtualizer.options.scrollMargin}
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
  const pressTimer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const selected = selection.isSelected(contact._id);

  const open = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    if (target.closest('input, button, a, [role="checkbox"], [role="menu"]')) return;
    if (selection.count > 0 && window.matchMedia('(hover: none)').matches) {
      selection.toggle(contact._id);
      return;
    }
    onOpen?.(contact);
  };

  const startPress = () => {
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      selection.toggle(contact._id);
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
          selection.toggle(contact._id);
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
          <ContactAvatar name={contact.name} url={contact.avatar.url} />
        </span>
        <span className={classes.check} style={selected ? { display: 'flex' } : undefined}>
          <Checkbox
            checked={selected}
            onChange={() => selection.toggle(contact._id)}
            aria-label={t('Select {{name}}', { name: contact.name })}
          />
        </span>
      </span>
      <span role="cell" className={classes.cell}>
        <Text fw={600} size="sm" truncate>
          {contact.name}
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
