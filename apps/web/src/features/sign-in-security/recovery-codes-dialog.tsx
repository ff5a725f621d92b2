import { Button, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../lib/use-focus-return';

/** The file the codes download as. */
export const RECOVERY_CODES_FILENAME = 'kith-recovery-codes.txt';

/** The codes as a text file's lines (CRLF-free, one code a line, a closing newline). */
export function recoveryCodesText(codes: readonly string[]): string {
  return `${codes.join('\n')}\n`;
}

/** Saves the codes as a text file the browser downloads, made in the browser (a Blob). */
function downloadCodes(codes: readonly string[]) {
  const url = URL.createObjectURL(
    new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILENAME;
  link.click();
  // Some browsers read the blob after the click returns; let them.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * New recovery codes, shown this once: a monospace list, Copy, Download (a text file), and
 * "I have saved them", the only way out, so the codes are not dismissed by a stray click.
 */
export function RecoveryCodesDialog({
  codes,
  onClose,
}: {
  codes: readonly string[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const opened = codes !== null;
  useFocusReturn(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Your recovery codes')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      returnFocus
    >
      {codes && (
        <Stack gap="md">
          <Text size="sm">
            {t(
              'Each code signs you in once if you lose your passkey or phone. Keep them somewhere safe: Kith shows them only this once.',
            )}
          </Text>
          <SimpleGrid
            cols={2}
            spacing="xs"
            component="ul"
            aria-label={t('Recovery codes')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            ff="monospace"
            fz="md"
            data-testid="recovery-codes"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </SimpleGrid>
          <Group gap="xs">
            <CopyButton value={recoveryCodesText(codes)}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('Copied') : t('Copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadCodes(codes)}
            >
              {t('Download')}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('I have saved them')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
