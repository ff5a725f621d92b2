import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSecondFactorPasskey, type PendingSecondFactor } from '../api/second-factor';
import { AuthHeading } from './auth-heading';
import { PasskeyButton } from './passkey-button';
import { RecoveryCodeStep } from './recovery-code-step';
import { useSecondFactorFailure } from './second-factor-errors';
import { TotpStep } from './totp-step';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * /second-factor: the second step of signing in, after a right password or a password reset by
 * mail (OWASP Multifactor Authentication Cheat Sheet). It names the account and offers only the
 * account's methods: the authenticator app's code first when it has one, a passkey (first when
 * it is the only factor besides recovery codes), and 'Use a recovery code', which swaps the
 * code's boxes for one text field. Success signs the person in as a login does.
 */
export function SecondFactorScreen({ pending }: { pending: PendingSecondFactor }) {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const passkey = useSecondFactorPasskey();
  const has = (method: PendingSecondFactor['methods'][number]) => pending.methods.includes(method);
  const totp = has('totp');
  const recovery = has('recoveryCode');
  const onlyRecovery = recovery && pending.methods.every((m) => m === 'recoveryCode');
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(onlyRecovery);
  const [formError, setFormError] = useState<string | null>(null);
  const failPasskey = useSecondFactorFailure({ showFormError: setFormError });
  const methodArea = useRef<HTMLDivElement>(null);
  const swapped = useRef(false);

  // Back from the recovery code, the focus goes to the first field or button of the other way
  // (the link pressed is gone); the recovery code's field takes the focus itself.
  useEffect(() => {
    if (!swapped.current || usingRecoveryCode) return;
    methodArea.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [usingRecoveryCode]);
  const passkeyButton = has('passkey') && (
    <PasskeyButton
      label={t('Use a passkey')}
      primary={!totp}
      ceremony={passkey}
      onSignedIn={finish}
      onFailure={failPasskey}
      onStart={() => setFormError(null)}
      unsupported="explain"
    />
  );

  const swap = (toRecoveryCode: boolean) => {
    swapped.current = true;
    setFormError(null);
    setUsingRecoveryCode(toRecoveryCode);
  };

  return (
    <Stack gap="lg">
      <AuthHeading title={t('Two-step verification')}>
        <Trans
          i18nKey="Your password was right. To finish signing in as <strong>{{email}}</strong>, confirm it is you."
          values={{ email: pending.email }}
          components={{ strong: <strong /> }}
        />
      </AuthHeading>
      <Stack gap="lg" ref={methodArea}>
        {usingRecoveryCode ? (
          <RecoveryCodeStep onSignedIn={finish} showFormError={setFormError} />
        ) : totp ? (
          <>
            <TotpStep onSignedIn={finish} showFormError={setFormError} />
            {passkeyButton && (
              <>
                <Divider label={t('or')} labelPosition="center" />
                {passkeyButton}
              </>
            )}
          </>
        ) : (
          passkeyButton
        )}
      </Stack>
      {formError && (
        <Text c="red.8" size="sm" ta="center" role="alert">
          {formError}
        </Text>
      )}
      <Stack gap="xs" align="center">
        {usingRecoveryCode && pending.methods.some((m) => m !== 'recoveryCode') ? (
          <Anchor component="button" type="button" size="sm" onClick={() => swap(false)}>
            {totp ? t('Use your authenticator app instead') : t('Use a passkey instead')}
          </Anchor>
        ) : (
          recovery &&
          !usingRecoveryCode && (
            <Anchor component="button" type="button" size="sm" onClick={() => swap(true)}>
              {t('Use a recovery code')}
            </Anchor>
          )
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('Back to login')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
