/**
 * Brings the first field with an error into view and focuses it, after the form shows its
 * errors: Save sits at the top of a long form, so an error below the fold made Save look
 * dead. Mantine marks an input with an error `aria-invalid`; a group error
 * (work, address, birthday) is text marked `data-field-error`, whose group's first input takes
 * the focus. The first of either in page order is taken.
 */
export function focusFirstError(): void {
  // The errors render on the next frame after the form sets them.
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(
      'form [aria-invalid="true"], form [data-field-error]',
    );
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    const field = first.matches('input, select, textarea, button')
      ? first
      : (first.closest('fieldset')?.querySelector<HTMLElement>('input, select, textarea') ?? first);
    field.focus({ preventScroll: true });
  });
}
