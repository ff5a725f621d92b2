import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useExportContacts } from '../api/contacts';

/** What an export covers: every contact, the favorites, one label's, or a selection. */
export type ExportScope = {
  favorites?: boolean;
  labelId?: string;
  contactIds?: string[];
  exceptIds?: string[];
};

/** Saves text as a file the browser downloads. */
function download(filename: string, contentType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Some browsers read the blob after the click returns; let them.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export as vCard 4.0 (with photos) or Google-compatible CSV. */
export function ExportMenu({ scope, compact }: { scope: ExportScope; compact?: boolean }) {
  const { t } = useTranslation();
  const exporting = useExportContacts({
    onSuccess: (file) => {
      download(file.filename, file.contentType, file.content);
      notifySuccess('Exported {{filename}}', { filename: file.filename });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={compact ? 'light' : 'default'}
          size="sm"
          leftSection={<IconDownload size={16} />}
          loading={exporting.isPending}
        >
          {t('Export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => exporting.mutate({ ...scope, format: 'vcf' })}>
          {t('vCard (.vcf), with photos')}
        </Menu.Item>
        <Menu.Item onClick={() => exporting.mutate({ ...scope, format: 'vcf3' })}>
          {t('vCard 3.0 for Apple Contacts')}
        </Menu.Item>
        <Menu.Item onClick={() => exporting.mutate({ ...scope, format: 'csv' })}>
          {t('CSV for Google Contacts')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
