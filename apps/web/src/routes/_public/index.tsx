import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../../features/landing/landing-page';

export const Route = createFileRoute('/_public/')({
  head: () => ({ meta: [{ title: 'Kith — your private address book' }] }),
  component: LandingPage,
});
