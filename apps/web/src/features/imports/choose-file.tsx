import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileImport, IconUpload, IconX } from '@tabler/icons-react';
import { IMPORT_UPLOAD_MAX } from '@kith/validators';
import { useTranslation } from 'react-i18next';

/** The types a contacts file comes as; browsers name .vcf files in several ways. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'text/vcard': ['.vcf', '.vcard'],
  'text/x-vcard': ['.vcf'],
  'text/directory': ['.vcf'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.vcf'],
};

/**
 * Step 1 of an import: drop a file or choose one. Files over the server's limit are refused
 * here, with the same message, before they are read.
 */
export function ChooseFile({
  busy,
  onFile,
  onRejected,
}: {
  busy: boolean;
  onFile: (file: File) => void;
  onRejected: (message: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={(rejections) =>
        onRejected(
          rejections[0]?.errors[0]?.code === 'file-too-large'
            ? t('The file is larger than 100 MB. Split it and import each part.')
            : t('Choose a CSV or vCard (.vcf) file.'),
        )
      }
      maxSize={IMPORT_UPLOAD_MAX}
      maxFiles={1}
      multiple={false}
      accept={ACCEPT}
      loading={busy}
      radius="lg"
      aria-label={t('Choose a file to import')}
    >
      <Stack align="center" gap="sm" py="xl" ta="center" style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconUpload size={34} stroke={1.4} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconX size={34} stroke={1.4} />
          </ThemeIcon>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconFileImport size={34} stroke={1.4} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Text fw={600}>{t('Drop a contacts file here')}</Text>
        <Text size="sm" c="dimmed" maw={460}>
          {t(
            'A CSV from Google Contacts or Outlook, any other CSV, or a vCard (.vcf) file from a phone, Apple Contacts or another address book. Up to 100 MB.',
          )}
        </Text>
        <Group>
          <Button component="span" variant="light">
            {t('Choose a file')}
          </Button>
        </Group>
      </Stack>
    </Dropzone>
  );
}
