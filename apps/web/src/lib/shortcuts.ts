import type { HotkeyItem } from '@mantine/hooks';
import { i18nKey } from './i18n';

/**
 * One keyboard shortcut (docs/product/screens.md#keyboard).
 * - `label`: the key as the shortcuts dialog shows it (`/`, `?`, `Enter`).
 * - `hotkeys`: what Mantine's `useHotkeys` listens for. Several where keyboards differ: `?` is
 *   Shift+/ on a US keyboard but has its own key elsewhere, and `/` needs Shift on a Spanish
 *   one, so both forms are listed; `useHotkeys` compares modifiers exactly.
 * - `description`: its catalogue key, shown translated.
 * - `where`: `everywhere` in the signed-in app, or `list` on a contacts list.
 */
export interface Shortcut {
  label: string;
  hotkeys: readonly string[];
  description: string;
  where: 'everywhere' | 'list';
}

/**
 * Every keyboard shortcut Kith has, the one list the shortcuts dialog shows. A shortcut never
 * fires while a person types in a field (`useHotkeys` ignores inputs, text areas and selects)
 * nor while a dialog or menu holds the focus (`inOverlay`).
 */
export const SHORTCUTS = {
  search: {
    label: '/',
    hotkeys: ['/', 'shift+/'],
    description: i18nKey('Search contacts'),
    where: 'everywhere',
  },
  create: {
    label: 'c',
    hotkeys: ['c'],
    description: i18nKey('Create a contact'),
    where: 'everywhere',
  },
  help: {
    label: '?',
    hotkeys: ['shift+?', '?'],
    description: i18nKey('Show keyboard shortcuts'),
    where: 'everywhere',
  },
  next: {
    label: 'j',
    hotkeys: ['j'],
    description: i18nKey('Select the next contact'),
    where: 'list',
  },
  previous: {
    label: 'k',
    hotkeys: ['k'],
    description: i18nKey('Select the previous contact'),
    where: 'list',
  },
  open: {
    label: 'Enter',
    hotkeys: ['Enter'],
    description: i18nKey('Open the selected contact'),
    where: 'list',
  },
  edit: {
    label: 'e',
    hotkeys: ['e'],
    description: i18nKey('Edit the selected contact'),
    where: 'list',
  },
  trash: {
    label: '#',
    hotkeys: ['shift+#', '#'],
    description: i18nKey('Move the selected contact to the trash (asks first)'),
    where: 'list',
  },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/**
 * True when a key event comes from inside an open dialog, menu or list box, where keys belong
 * to that control (a letter typed in a menu picks an item): shortcuts stay quiet there.
 */
export function inOverlay(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  return (
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !==
    null
  );
}

/**
 * `useHotkeys` entries for one shortcut: each of its hotkeys runs `handler` and keeps the key
 * from the browser (a `/` would open Firefox's quick find), except from inside a dialog or
 * menu (`inOverlay`), where the key is left to that control (Enter on a dialog's button).
 * Spread the result into `useHotkeys([...])`.
 */
export function hotkeysFor(id: ShortcutId, handler: (event: KeyboardEvent) => void): HotkeyItem[] {
  return SHORTCUTS[id].hotkeys.map((hotkey) => [
    hotkey,
    (event: KeyboardEvent) => {
      if (inOverlay(event) || event.defaultPrevented) return;
      event.preventDefault();
      handler(event);
    },
    { preventDefault: false },
  ]);
}
