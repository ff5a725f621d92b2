import { PublicLayout } from '../../components/layout/public-layout';
import { LandingPage } from './landing-page';

/** `/` for a visitor: the landing page in the public layout (SPEC §2). */
export default function HomeLanding() {
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
