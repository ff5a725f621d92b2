import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicLayout } from '../components/layout/public-layout';

/**
 * Pathless layout of the static pages: the shared header and footer
 * (docs/product/screens.md#public-routes).
 */
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
