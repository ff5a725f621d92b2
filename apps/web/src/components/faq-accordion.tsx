import { Accordion, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface FaqItem {
  q: string;
  a: string;
  /** A page of the app the answer leads to, with its link text (a catalogue key). */
  link?: { to: string; label: string };
}

/**
 * Questions and answers in an accordion, one open at a time (docs/product/screens.md#landing-page,
 * the Help Center). The items are catalogue keys (`i18nKey`), translated here.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation();
  return (
    <Accordion variant="separated" radius="md">
      {items.map((item) => (
        <Accordion.Item key={item.q} value={item.q}>
          <Accordion.Control>{t(item.q)}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{t(item.a)}</Text>
            {item.link && (
              <Anchor component={Link} to={item.link.to} size="sm" fw={600}>
                {t(item.link.label)}
              </Anchor>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
