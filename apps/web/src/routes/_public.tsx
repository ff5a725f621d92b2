import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicLayout } from '../components/layout/public-layout';

/** Pathless layout of the static pages: the shared header and footer (SPEC §2). */
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
