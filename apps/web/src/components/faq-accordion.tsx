import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FaqItem {
  q: string;
  a: string;
}

/**
 * Questions and answers in an accordion, one open at a time (SPEC §2 landing FAQ, Help
 * Center). The items are catalogue keys (`i18nKey`), translated here.
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
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
