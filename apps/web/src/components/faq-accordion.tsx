import { Accordion, Text } from '@mantine/core';

export interface FaqItem {
  q: string;
  a: string;
}

/** Questions and answers in an accordion, one open at a time (SPEC §2 landing FAQ, Help Center). */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion variant="separated" radius="md">
      {items.map((item) => (
        <Accordion.Item key={item.q} value={item.q}>
          <Accordion.Control>{item.q}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{item.a}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
