import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Kith's Mantine theme. System fonts only: no web font is ever fetched (privacy-first).
 * Shades are chosen for WCAG AA contrast: white text on the primary colour and the
 * dimmed text colour both pass 4.5:1.
 */
export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 9 in both schemes: white text on a filled button reads at 5.5:1 (WCAG AA); the
  // dark scheme's lighter shades fail with white text.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * The theme with the close (X) buttons of dialogs, drawers and toasts named `closeLabel` in
 * the interface language: Mantine leaves them without an accessible name. Plain objects, not
 * `Modal.extend(...)`: importing the components here put the dialog, the drawer and their
 * scroll area into every page's first script.
 */
export function localizedTheme(closeLabel: string) {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    ...theme,
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  });
}

/** Mantine's default dimmed grey (gray.6) reads at 3.3:1 on white; gray.7 reads at 8:1. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
