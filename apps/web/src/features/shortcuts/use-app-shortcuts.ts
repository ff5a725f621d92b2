import { useHotkeys } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { hotkeysFor } from '../../lib/shortcuts';

/**
 * The signed-in app's own shortcuts (docs/product/screens.md#keyboard): `c` opens the create
 * screen (whose heading then takes the focus and whose title is said, `useRouteFocus`), `?`
 * calls `onHelp` (the shortcuts dialog). `/` belongs to the search box. Mantine's `useHotkeys`
 * ignores keys typed in inputs, text areas and selects; `hotkeysFor` also ignores keys in an
 * open dialog or menu.
 */
export function useAppShortcuts({ onHelp }: { onHelp: () => void }): void {
  const navigate = useNavigate();
  useHotkeys([
    ...hotkeysFor('create', () => void navigate({ to: '/new' })),
    ...hotkeysFor('help', onHelp),
  ]);
}
