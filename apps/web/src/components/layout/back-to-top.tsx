import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The button appears once the page has scrolled more than 30 px. */
export const BACK_TO_TOP_THRESHOLD_PX = 30;

/** A floating button that scrolls the page back to the top. */
export function BackToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > BACK_TO_TOP_THRESHOLD_PX}>
        {(styles) => (
          <Button
            style={styles}
            leftSection={<IconArrowUp size={16} />}
            onClick={() => scrollTo({ y: 0 })}
            aria-label={t('Back to top')}
          >
            {t('Top')}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
