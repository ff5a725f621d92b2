import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactElement } from 'react';
import { cssVariablesResolver, localizedTheme } from '../theme';

/** Renders a component inside the app's MantineProvider, as Mantine's test guide does. */
export function render(ui: ReactElement) {
  return testingLibraryRender(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={localizedTheme('Close')} cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    ),
  });
}
