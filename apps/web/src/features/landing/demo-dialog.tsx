import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ContactCardsPreview } from './contact-cards-preview';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

const steps = [
  {
    label: i18nKey('Sign up'),
    title: i18nKey('Sign up in a minute'),
    text: i18nKey(
      'Enter your name, email and a password. We email you a 6-digit code to confirm it is you.',
    ),
  },
  {
    label: i18nKey('Add'),
    title: i18nKey('Add the people you care about'),
    text: i18nKey(
      'Name, phone, email, where they work, their address and birthday, and a photo if you like.',
    ),
  },
  {
    label: i18nKey('Find'),
    title: i18nKey('Find anyone as you type'),
    text: i18nKey(
      'The search box answers with each letter: by name, email, phone number or company.',
    ),
  },
  {
    label: i18nKey('Keep'),
    title: i18nKey('Favorites close, mistakes undoable'),
    text: i18nKey('Star the people you call most. Deleted contacts wait in the Trash for 30 days.'),
  },
];

/**
 * The Watch Demo dialog (docs/product/screens.md#landing-page). The demo is a self-hosted
 * walkthrough, not an embedded video: nothing is loaded from another host.
 */
export function DemoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  // Four labelled steps do not fit a phone's width; the step's title below says the same.
  const wide = useMediaQuery('(min-width: 36em)');
  const step = steps[active]!;
  const last = active === steps.length - 1;

  const close = () => {
    onClose();
    setActive(0);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('Kith in four steps')} size="lg" centered>
      <Stack gap="lg">
        <Stepper active={active} onStepClick={setActive} size="sm" allowNextStepsSelect>
          {steps.map((s, index) => (
            <Stepper.Step
              key={s.label}
              label={wide ? t(s.label) : undefined}
              // A step's name holds what it shows (WCAG 2.5.3 label in name): its label when
              // wide; on a phone only its number shows, so the name is the number and label.
              aria-label={wide ? undefined : `${index + 1} ${t(s.label)}`}
            />
          ))}
        </Stepper>
        <div aria-live="polite">
          <Text fw={700} size="lg">
            {t(step.title)}
          </Text>
          <Text c="dimmed">{t(step.text)}</Text>
        </div>
        <ContactCardsPreview compact />
        <Group justify="space-between">
          <Button variant="default" onClick={() => setActive((n) => n - 1)} disabled={active === 0}>
            {t('Back')}
          </Button>
          {last ? (
            <Button onClick={close}>{t('Done')}</Button>
          ) : (
            <Button onClick={() => setActive((n) => n + 1)}>{t('Next')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
