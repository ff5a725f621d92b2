import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id every layout gives its <main>, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first thing a Tab reaches on every screen, shown only while focused,
 * so a keyboard user passes the header and navigation in one key (WCAG 2.4.1 Bypass Blocks;
 * docs/product/screens.md#keyboard). It moves the focus to <main> itself (made focusable with
 * tabIndex -1) rather than letting the browser follow `#main`, which the router would take
 * for a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skip}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('Skip to content')}
    </a>
  );
}
