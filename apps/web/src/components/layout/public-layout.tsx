import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackToTop } from './back-to-top';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { MAIN_ID, SkipLink } from './skip-link';
import classes from './public-layout.module.css';

/**
 * The shared layout of the public pages (docs/product/screens.md#public-routes): sticky header, the
 * page, the footer, and the back-to-top button; before them all, the skip link. The router scrolls to the top on each navigation.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.shell}>
      <SkipLink />
      <PublicHeader />
      <Box component="main" id={MAIN_ID} className={classes.main}>
        {children}
      </Box>
      <PublicFooter />
      <BackToTop />
    </Box>
  );
}
