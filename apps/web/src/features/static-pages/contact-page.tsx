import { Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBug, IconClock, IconMail, IconMapPin, IconPhone, IconTool } from '@tabler/icons-react';
import { ContactForm } from './contact-us-form';
import { StaticPage } from './static-page';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

/** The stated response times (docs/product/screens.md#what-kith-does). */
const responseTimes = [
  { icon: IconMail, label: i18nKey('Email'), time: 'within 24 hours' },
  { icon: IconTool, label: i18nKey('Technical support'), time: 'within 12 hours' },
  { icon: IconBug, label: i18nKey('Bug reports'), time: 'within 48 hours' },
];

/**
 * The Contact Us page (docs/product/screens.md#what-kith-does): response times, support hours,
 * placeholder details, the form.
 */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Contact Us')} subtitle={t('Questions, bugs, ideas: we read everything.')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {responseTimes.map((item) => (
          <Card key={item.label} withBorder padding="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg">
                <item.icon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{t(item.label)}</Text>
                <Text size="sm" c="dimmed">
                  {item.time}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('Reach us')}
            </Title>
            <Group gap="xs" wrap="nowrap">
              <IconClock size={18} aria-hidden />
              <Text size="sm">{t('Support hours: Mon-Fri 9 AM-6 PM EST')}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconMail size={18} aria-hidden />
              <Text size="sm">{t('support@kith.example')}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={18} aria-hidden />
              <Text size="sm">+1 (555) 010-0199</Text>
            </Group>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden />
              <Text size="sm">{t('123 Example Street, Suite 4, Springfield, USA')}</Text>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('Send us a message')}
            </Title>
            <ContactForm />
          </Stack>
        </Grid.Col>
      </Grid>
    </StaticPage>
  );
}
