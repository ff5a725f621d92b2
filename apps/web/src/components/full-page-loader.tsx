import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is unknown, so a signed-in person never sees the landing page flash. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" role="status" aria-label={t('Loading')}>
      <Loader />
    </Center>
  );
}
