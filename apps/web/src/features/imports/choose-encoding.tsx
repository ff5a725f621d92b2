import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { encodingName, readingSamples, type FileReading } from './decode-file';

/**
 * Between choosing a file and its preview, for a file whose encoding is not sure
 * (`decodeImportFile`'s `choices`): each reading with a few of its names (or, when the names
 * read the same, the lines that differ), and a button to go on with it. Nothing is sent to
 * the server until one is chosen.
 */
export function ChooseEncoding({
  fileName,
  choices,
  busy,
  onChoose,
  onBack,
}: {
  fileName: string;
  choices: FileReading[];
  busy: boolean;
  onChoose: (reading: FileReading) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const samples = readingSamples(choices);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3">
            {t('Which reading looks right?')}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(
              'Kith cannot tell for sure how the text of {{file}} is written. Here is the start of it read each way: choose the one whose names look right.',
              { file: fileName },
            )}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: choices.length }}>
          {choices.map((reading, i) => {
            const name = encodingName(reading.encoding);
            return (
              <Paper
                key={reading.encoding}
                withBorder
                radius="md"
                p="md"
                component="section"
                aria-label={name}
              >
                <Stack gap="sm" h="100%" justify="space-between">
                  <div>
                    <Text fw={600} mb={4}>
                      {name}
                    </Text>
                    {samples[i]!.length > 0 ? (
                      <List size="sm" spacing={2}>
                        {samples[i]!.map((text, j) => (
                          <List.Item key={j} style={{ overflowWrap: 'anywhere' }}>
                            {text}
                          </List.Item>
                        ))}
                      </List>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('No names in the first lines.')}
                      </Text>
                    )}
                  </div>
                  <Button variant="light" loading={busy} onClick={() => onChoose(reading)}>
                    {t('Read as {{encoding}}', { encoding: name })}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={busy}>
            {t('Cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
