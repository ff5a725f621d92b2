import type { FocusEvent } from 'react';

/**
 * For `useForm({ validateInputOnBlur: true, enhanceGetInputProps: keepSubmitClicks })`: a
 * field is checked when it loses focus, except when focus goes to the form's submit button.
 * Showing or clearing the field's error at that moment moved the button by a line while it
 * was being clicked, so the click was lost; the submit checks every field anyway.
 */
export function keepSubmitClicks({
  inputProps,
}: {
  inputProps: { onBlur?: (event: FocusEvent<HTMLElement>) => void };
}) {
  // Taken now: Mantine assigns what this returns onto `inputProps` itself.
  const validate = inputProps.onBlur;
  return {
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === 'submit') return;
      validate?.(event);
    },
  };
}
