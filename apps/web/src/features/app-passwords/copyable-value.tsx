import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A value a person types into a device, with the label the device's screen gives it: the value
 * alone in a code element (no punctuation around it, so nothing extra is typed or copied) and a
 * button that copies it (Mantine CopyButton). Long values break anywhere rather than widen the
 * page (docs/product/screens.md#sync-with-your-phone).
 */
export function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          data-testid="value-to-type"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', minWidth: 0 }}
        >
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('Copied') : t('Copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('Copy {{label}}', { label })}
                style={{ flexShrink: 0 }}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
