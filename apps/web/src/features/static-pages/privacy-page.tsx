import { List, Text } from '@mantine/core';
import { Section, StaticPage } from './static-page';
import { useTranslation } from 'react-i18next';

/** The privacy policy (docs/product/screens.md#what-kith-does). */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Privacy Policy')} subtitle={t('Last updated: July 2025')}>
      <Text>
        {t(
          "Kith is an address book, and an address book holds other people's details as well as yours. We treat that trust seriously. This page says what we keep, why, and what we never do with it.",
        )}
      </Text>
      <Section title={t('We never sell your data')}>
        <Text>
          {t(
            "Your data is never sold, rented or traded, and we show no ads. Kith makes no request to another company's servers from your browser: no trackers, no analytics scripts, no web fonts, no avatar services.",
          )}
        </Text>
      </Section>
      <Section title={t('What we keep')}>
        <List spacing="xs">
          <List.Item>
            {t('Your account: your name, your email address and a hash of your password.')}
          </List.Item>
          <List.Item>
            {t(
              'Your contacts and the photos you add to them. Photos are stripped of their metadata, such as location, when you upload them.',
            )}
          </List.Item>
          <List.Item>{t('Feedback you choose to send us.')}</List.Item>
          <List.Item>
            {t(
              'Sign-in sessions, so you stay signed in on your devices, and short-lived one-time codes that confirm your email address.',
            )}
          </List.Item>
        </List>
      </Section>
      <Section title={t('Your contacts are yours')}>
        <Text>
          {t(
            'Each address book belongs to one account. Nobody else can see it, and we do not look at it except when you ask us for help with it.',
          )}
        </Text>
      </Section>
      <Section title={t('Deleting your data')}>
        <Text>
          {t(
            'Contacts you delete stay in your Trash for 30 days so you can recover them, then they are deleted forever. When you delete your account, your account data is deleted within 30 days of account deletion.',
          )}
        </Text>
      </Section>
      <Section title={t('Children')}>
        <Text>
          {t('Kith is not for children under 13, and we do not knowingly keep data about them.')}
        </Text>
      </Section>
      <Section title={t('Questions')}>
        <Text>{t('Write to us from the Contact Us page. We answer emails within 24 hours.')}</Text>
      </Section>
    </StaticPage>
  );
}
