import { Input, PinInput } from '@mantine/core';
import { OTP_LENGTH } from '@kith/validators';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Six boxes for a 6-digit code (docs/product/screens.md#verification-and-recovery-screens): each
 * takes one digit, the focus advances on entry and steps back on backspace, and a pasted code
 * fills them all. Digits only; the phone shows its number pad and may offer a code it received.
 * The message under them (`error`) is said as it appears and read with each box
 * (`aria-describedby`), which is then marked invalid.
 */
export function OtpBoxes({
  value,
  onChange,
  error,
  label,
  autoFocus = false,
  firstBoxRef,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Why the code is wrong, or null. */
  error: string | null;
  /** The group's accessible name. */
  label: string;
  autoFocus?: boolean;
  /** The first box, for a screen that puts the focus back there. */
  firstBoxRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper
      error={error}
      errorProps={{ role: 'alert', ta: 'center', mt: 'xs' }}
      styles={{ root: { display: 'flex', flexDirection: 'column', alignItems: 'center' } }}
    >
      <PinInput
        length={OTP_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="md"
        gap="xs"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        aria-label={label}
        getInputProps={(index) => ({
          'aria-label': t('Digit {{index}} of {{length}}', {
            index: index + 1,
            length: OTP_LENGTH,
          }),
        })}
        autoFocus={autoFocus}
        ref={firstBoxRef}
      />
    </Input.Wrapper>
  );
}
