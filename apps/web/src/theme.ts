import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

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
      // Mantine puts an empty focusable placeholder (tabindex -1, role presentation) first in
      // every menu, which ARIA does not allow in a menu (axe's aria-required-children,
      // critical). Without it an opened menu focuses its first item, as menus should.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
  });
}

/**
 * Colours Mantine's defaults draw below WCAG AA's 4.5:1 for text (1.4.3 Contrast), raised here
 * once for every component rather than in each:
 * - the dimmed grey: gray.6 reads at 3.3:1 on white; gray.7 reads at 8:1.
 * - a filled button under the pointer: Mantine lightens shade 9 to shade 8 on hover, where
 *   white text reads at 4.3:1 (the Save or Create Contact button just clicked); it darkens
 *   instead, to 7.5:1 for cyan, and red's 4.5:1 becomes 7:1.
 * - the text of a light-variant element (the current page's link in the sidebar) under the
 *   pointer: cyan.9 on the hover's cyan.2 reads at 4.1:1; the text darkens by a fifth, to
 *   5.5:1 there and 6.5:1 on the resting cyan.1.
 * - the red of errors and danger text. Mantine draws an input's error and a red menu item
 *   ("Sign Out") in red.6, #fa5252, 3.3:1 on white, and errors in the dark scheme in red.8,
 *   3.4:1 on its dark grey. Light: red.9 (5.5:1 on white, 5.2:1 on the gray.0 of the sign-in
 *   screens); dark: red.4 (6.7:1 on the page, 5.9:1 on a menu or a field). `red.6` is the shade
 *   Mantine takes for a colour named without one (`color="red"` on a menu item), so it is
 *   that variable that changes; filled red buttons use red.9 (`primaryShade`) and keep white
 *   text at 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // In both schemes: Mantine writes the hover colours in each scheme's block.
  const hovers = {
    [`--mantine-color-${t.primaryColor}-filled-hover`]: darken(t.colors[t.primaryColor]![9]!, 0.2),
    '--mantine-color-red-filled-hover': darken(t.colors.red[9]!, 0.2),
  };
  return {
    variables: {},
    light: {
      ...hovers,
      '--mantine-color-dimmed': t.colors.gray[7],
      [`--mantine-color-${t.primaryColor}-light-color`]: darken(t.colors[t.primaryColor]![9]!, 0.2),
      '--mantine-color-error': t.colors.red[9],
      '--mantine-color-red-6': t.colors.red[9],
      '--mantine-color-red-text': t.colors.red[9],
    },
    dark: {
      ...hovers,
      '--mantine-color-dimmed': t.colors.dark[1],
      '--mantine-color-error': t.colors.red[4],
      '--mantine-color-red-6': t.colors.red[4],
      '--mantine-color-red-text': t.colors.red[4],
    },
  };
};
