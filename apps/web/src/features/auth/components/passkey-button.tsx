import { Button, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../lib/session';
import { isCancelledCeremony, passkeysSupported } from '../api/passkey-ceremony';

/**
 * A button that signs in with a passkey: it runs `ceremony` (the server's challenge, the
 * browser's prompt, the server's check) and hands the signed-in user to `onSignedIn`. A prompt
 * the person closed is no error: it says so calmly and the button may be pressed again
 * (WebAuthn reports it as NotAllowedError). Other failures go to `onFailure`. In a browser with
 * no WebAuthn the button is left out (`unsupported: 'hide'`) or shown disabled with the reason.
 */
export function PasskeyButton({
  label,
  ceremony,
  onSignedIn,
  onFailure,
  onStart,
  primary = false,
  unsupported,
}: {
  label: string;
  ceremony: () => Promise<{ user: SessionUser }>;
  onSignedIn: (user: SessionUser) => Promise<void>;
  onFailure: (error: unknown) => void | Promise<void>;
  /** Called as the button is pressed (a screen clears its earlier message). */
  onStart?: () => void;
  /** The screen's main action (filled) rather than an alternative (outlined). */
  primary?: boolean;
  unsupported: 'hide' | 'explain';
}) {
  const { t } = useTranslation();
  const [supported] = useState(passkeysSupported);
  const [busy, setBusy] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  // While it waits the button is disabled, which drops the focus; after a closed prompt or a
  // failure it takes the focus back, once enabled again, so the next key press is not lost.
  useEffect(() => {
    if (!refocus.current || busy) return;
    refocus.current = false;
    button.current?.focus();
  }, [busy]);

  if (!supported && unsupported === 'hide') return null;

  const press = async () => {
    if (busy) return;
    setBusy(true);
    setCancelled(false);
    onStart?.();
    try {
      const { user } = await ceremony();
      await onSignedIn(user);
    } catch (error) {
      if (isCancelledCeremony(error)) setCancelled(true);
      else await onFailure(error);
      refocus.current = true;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      <Button
        ref={button}
        type="button"
        variant={primary ? 'filled' : 'default'}
        fullWidth
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={busy}
        disabled={!supported}
        onClick={press}
      >
        {label}
      </Button>
      <div role="status">
        {!supported ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('This browser cannot use passkeys.')}
          </Text>
        ) : cancelled ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('The passkey prompt was closed. You can try again whenever you are ready.')}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
