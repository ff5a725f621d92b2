import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A new code may be asked for 120 s after the last one (docs/product/limits.md#limits). */
export const RESEND_COOLDOWN_S = 120;

/** "01:45" */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * 'Resend Otp', disabled for 120 s with 'Available in mm:ss', then enabled; using it restarts
 * the countdown (docs/product/states.md#session). The server enforces the same cooldown and
 * says how much of it is left (`waitSeconds`), so a reloaded screen counts on from there.
 */
export function ResendButton({
  onResend,
  waitSeconds = RESEND_COOLDOWN_S,
}: {
  onResend: () => Promise<boolean>;
  waitSeconds?: number;
}) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(waitSeconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const resend = async () => {
    setSending(true);
    const sent = await onResend();
    setSending(false);
    if (sent) setRemaining(RESEND_COOLDOWN_S);
  };

  return (
    <Group justify="center" gap="xs">
      <Button variant="subtle" onClick={resend} disabled={remaining > 0} loading={sending}>
        {t('Resend Otp')}
      </Button>
      {remaining > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('Available in {{time}}', { time: formatCountdown(remaining) })}
        </Text>
      )}
    </Group>
  );
}
