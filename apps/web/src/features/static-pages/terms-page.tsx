import { List, Text } from '@mantine/core';
import { Section, StaticPage } from './static-page';

/** The terms of service (SPEC §1 "Terms page statements"). */
export function TermsPage() {
  return (
    <StaticPage title="Terms of Service" subtitle="Last updated: July 13, 2025">
      <Text>
        These terms apply when you use Kith. They are short because the deal is simple: Kith is a
        free address book, and what you put in it stays yours.
      </Text>
      <Section title="Who can use Kith">
        <Text>You must be at least 13 years old to create an account.</Text>
      </Section>
      <Section title="Your account">
        <List spacing="xs">
          <List.Item>
            Keep your password to yourself; you are responsible for what happens in your account.
          </List.Item>
          <List.Item>
            Use a real email address: we send the codes that confirm it is you to it.
          </List.Item>
          <List.Item>One person, one account. Do not share it or sell it.</List.Item>
        </List>
      </Section>
      <Section title="Your content">
        <Text>
          The contacts and photos you add are yours. You give us permission only to store them and
          show them to you. Add only information you have the right to keep.
        </Text>
      </Section>
      <Section title="Fair use">
        <Text>
          Do not use Kith to send spam, to harvest other people's data, or to break the law, and do
          not try to reach data that is not yours.
        </Text>
      </Section>
      <Section title="Ending your account">
        <Text>
          You may delete your account at any time. Account deletion removes your data within 30
          days. We may close accounts that break these terms, and will tell you why.
        </Text>
      </Section>
      <Section title="No warranty">
        <Text>
          We work hard to keep Kith running and your data safe, but the service is provided as is.
          Keep your own export of anything you cannot afford to lose.
        </Text>
      </Section>
    </StaticPage>
  );
}
