import { List, Text } from '@mantine/core';
import { Section, StaticPage } from './static-page';

/** The privacy policy (SPEC §1 "Privacy page statements"). */
export function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" subtitle="Last updated: July 2025">
      <Text>
        Kith is an address book, and an address book holds other people's details as well as yours.
        We treat that trust seriously. This page says what we keep, why, and what we never do with
        it.
      </Text>
      <Section title="We never sell your data">
        <Text>
          Your data is never sold, rented or traded, and we show no ads. Kith makes no request to
          another company's servers from your browser: no trackers, no analytics scripts, no web
          fonts, no avatar services.
        </Text>
      </Section>
      <Section title="What we keep">
        <List spacing="xs">
          <List.Item>
            Your account: your name, your email address and a hash of your password.
          </List.Item>
          <List.Item>
            Your contacts and the photos you add to them. Photos are stripped of their metadata,
            such as location, when you upload them.
          </List.Item>
          <List.Item>Feedback you choose to send us.</List.Item>
          <List.Item>
            Sign-in sessions, so you stay signed in on your devices, and short-lived one-time codes
            that confirm your email address.
          </List.Item>
        </List>
      </Section>
      <Section title="Your contacts are yours">
        <Text>
          Each address book belongs to one account. Nobody else can see it, and we do not look at it
          except when you ask us for help with it.
        </Text>
      </Section>
      <Section title="Deleting your data">
        <Text>
          Contacts you delete stay in your Trash for 30 days so you can recover them, then they are
          deleted forever. When you delete your account, your account data is deleted within 30 days
          of account deletion.
        </Text>
      </Section>
      <Section title="Children">
        <Text>
          Kith is not for children under 13, and we do not knowingly keep data about them.
        </Text>
      </Section>
      <Section title="Questions">
        <Text>Write to us from the Contact Us page. We answer emails within 24 hours.</Text>
      </Section>
    </StaticPage>
  );
}
