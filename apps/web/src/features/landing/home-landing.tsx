import { PublicLayout } from '../../components/layout/public-layout';
import { LandingPage } from './landing-page';

/**
 * `/` for a visitor: the landing page in the public layout (docs/product/screens.md#landing-page).
 */
export default function HomeLanding() {
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
