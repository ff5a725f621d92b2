import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconDeviceMobile,
  IconFileExport,
  IconFileImport,
  IconGift,
  IconGitMerge,
  IconLock,
  IconPlayerPlay,
  IconShieldCheck,
  IconTags,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ContactCardsPreview } from './contact-cards-preview';
import { DemoDialog } from './demo-dialog';
import { LandingFaq } from './landing-faq';
import classes from './landing-page.module.css';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

/** The four promises of the pitch (docs/product/screens.md#what-kith-does). */
const promises = [
  {
    icon: IconGift,
    title: i18nKey('Free'),
    text: i18nKey('Every feature, for everyone, with no paid tier hiding the good parts.'),
  },
  {
    icon: IconShieldCheck,
    title: i18nKey('Ad-free'),
    text: i18nKey('No ads and no trackers. Nobody is paying to look at your address book.'),
  },
  {
    icon: IconLock,
    title: i18nKey('Privacy-first'),
    text: i18nKey(
      'Your data is never sold. Photos are stripped of location data when you upload them.',
    ),
  },
  {
    icon: IconDeviceMobile,
    title: i18nKey('Mobile friendly'),
    text: i18nKey('The same address book on your phone and your desktop, in any browser.'),
  },
];

/** What the landing page names besides the basics (docs/product/screens.md#what-kith-does). */
const features = [
  {
    icon: IconFileImport,
    title: i18nKey('Import from CSV'),
    text: i18nKey('Bring your contacts from Google, Outlook or a spreadsheet.'),
  },
  {
    icon: IconFileExport,
    title: i18nKey('Export to CSV'),
    text: i18nKey('Take everything with you, whenever you like.'),
  },
  {
    icon: IconTags,
    title: i18nKey('Labels'),
    text: i18nKey('Family, work, book club: label people your way.'),
  },
  {
    icon: IconArrowsSort,
    title: i18nKey('Sorting'),
    text: i18nKey('By first name, last name, or who you added last.'),
  },
  {
    icon: IconGitMerge,
    title: i18nKey('Merge duplicates'),
    text: i18nKey('Find the same person entered twice and fold them into one.'),
  },
];

/** The landing page a visitor sees at `/` (docs/product/screens.md#landing-page). */
export function LandingPage() {
  const { t } = useTranslation();
  const [demoOpened, demo] = useDisclosure(false);

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <Stack gap="lg" justify="center">
              <Badge variant="light" size="lg" w="fit-content">
                {t('Free · Ad-free · Privacy-first')}
              </Badge>
              <Title order={1} className={classes.headline}>
                {t('Your people, kept close and kept private')}
              </Title>
              <Text size="lg" c="dimmed">
                {t(
                  'Kith is a free address book for the people in your life. No ads, no tracking, nothing sold, and it works as well on your phone as on your desktop.',
                )}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/signup" size="lg">
                  {t('Get Started Free')}
                </Button>
                <Button
                  size="lg"
                  variant="default"
                  leftSection={<IconPlayerPlay size={18} />}
                  onClick={demo.open}
                >
                  {t('Watch Demo')}
                </Button>
              </Group>
            </Stack>
            <ContactCardsPreview />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={64}>
        <Title order={2} ta="center" mb="xl">
          {t('An address book that works for you, not for advertisers')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          {promises.map((item) => (
            <Stack key={item.title} gap="xs">
              <ThemeIcon size={44} radius="md" variant="light">
                <item.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t(item.title)}
              </Title>
              <Text c="dimmed" size="sm">
                {t(item.text)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box className={classes.band}>
        <Container size="lg" py={64}>
          <Title order={2} ta="center">
            {t('Everything an address book should do')}
          </Title>
          <Text ta="center" c="dimmed" mt="xs" mb="xl">
            {t(
              'Create, edit, favorite and search your contacts, add a photo, and recover anything from the trash for 30 days. And more:',
            )}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="lg">
            {features.map((item) => (
              <Stack key={item.title} gap={6} className={classes.feature}>
                <item.icon size={26} stroke={1.6} color="var(--mantine-primary-color-filled)" />
                <Text fw={700}>{t(item.title)}</Text>
                <Text size="sm" c="dimmed">
                  {t(item.text)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="center" mt="xl">
            <Button component={Link} to="/help" variant="outline">
              {t('Learn More')}
            </Button>
          </Group>
        </Container>
      </Box>

      <Container size="md" py={64}>
        <Title order={2} ta="center" mb="xl">
          {t('Frequently asked questions')}
        </Title>
        <LandingFaq />
      </Container>

      <DemoDialog opened={demoOpened} onClose={demo.close} />
    </>
  );
}
