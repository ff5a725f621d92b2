/** The id of the one polite live region every announcement goes through. */
export const ANNOUNCER_ID = 'kith-announcer';

/** Visually hidden but read by screen readers (the same rules as Mantine's VisuallyHidden). */
const HIDDEN_STYLE =
  'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';

/**
 * Says `message` to screen-reader users without moving their focus (WCAG 4.1.3 Status
 * Messages): a polite live region, made once at the end of <body>, so a screen's title after
 * a navigation or the result of a keyboard shortcut with no visible effect is heard. The
 * region is emptied first and filled a frame later, so the same message twice is said twice.
 */
export function announce(message: string): void {
  const target = announcer();
  target.textContent = '';
  requestAnimationFrame(() => {
    target.textContent = message;
  });
}

/**
 * The live region, made on first use. The root layout makes it when the app starts: a screen
 * reader only follows a region that was in the page before its text changed.
 */
export function announcer(): HTMLElement {
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.style.cssText = HIDDEN_STYLE;
    document.body.append(region);
  }
  return region;
}
