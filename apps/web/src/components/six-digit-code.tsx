import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** How many digits an authenticator app's code has (RFC 6238 with Kith's 6 digits). */
export const AUTHENTICATOR_CODE_LENGTH = 6;

/**
 * Six boxes for an authenticator app's code, as the one-time code screens have them: one digit
 * each, advancing on entry, stepping back on backspace, filled whole from a pasted code or the
 * phone's suggestion (`autocomplete="one-time-code"`). The group is labelled by `label`, and
 * each box says which digit it is.
 */
export function SixDigitCode({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the boxes, or null. */
  error: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  return (
    <Input.Wrapper
      labelElement="div"
      label={label}
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <PinInput
        role="group"
        aria-labelledby={labelId}
        length={AUTHENTICATOR_CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        gap="xs"
        mt={4}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          'aria-label': t('Digit {{index}} of {{length}}', {
            index: index + 1,
            length: AUTHENTICATOR_CODE_LENGTH,
          }),
          'aria-describedby': error ? errorId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}
