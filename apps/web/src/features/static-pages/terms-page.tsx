import { List, Text } from '@mantine/core';
import { Section, StaticPage } from './static-page';
import { useTranslation } from 'react-i18next';

/** The terms of service (docs/product/screens.md#what-kith-does). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('Terms of Service')} subtitle={t('Last updated: July 13, 2025')}>
      <Text>
        {t(
          'These terms apply when you use Kith. They are short because the deal is simple: Kith is a free address book, and what you put in it stays yours.',
        )}
      </Text>
      <Section title={t('Who can use Kith')}>
        <Text>{t('You must be at least 13 years old to create an account.')}</Text>
      </Section>
      <Section title={t('Your account')}>
        <List spacing="xs">
          <List.Item>
            {t(
              'Keep your password to yourself; you are responsible for what happens in your account.',
            )}
          </List.Item>
          <List.Item>
            {t('Use a real email address: we send the codes that confirm it is you to it.')}
          </List.Item>
          <List.Item>{t('One person, one account. Do not share it or sell it.')}</List.Item>
        </List>
      </Section>
      <Section title={t('Your content')}>
        <Text>
          {t(
            'The contacts and photos you add are yours. You give us permission only to store them and show them to you. Add only information you have the right to keep.',
          )}
        </Text>
      </Section>
      <Section title={t('Fair use')}>
        <Text>
          {t(
            "Do not use Kith to send spam, to harvest other people's data, or to break the law, and do not try to reach data that is not yours.",
          )}
        </Text>
      </Section>
      <Section title={t('Ending your account')}>
        <Text>
          {t(
            'You may delete your account at any time. Account deletion removes your data within 30 days. We may close accounts that break these terms, and will tell you why.',
          )}
        </Text>
      </Section>
      <Section title={t('No warranty')}>
        <Text>
          {t(
            'We work hard to keep Kith running and your data safe, but the service is provided as is. Keep your own export of anything you cannot afford to lose.',
          )}
        </Text>
      </Section>
    </StaticPage>
  );
}
