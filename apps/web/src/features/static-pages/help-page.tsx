import { Anchor, Group, Text, TextInput, Title } from '@mantine/core';
import { FaqAccordion } from '../../components/faq-accordion';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { helpCategories } from './help-topics';
import { StaticPage } from './static-page';

/**
 * The Help Center (SPEC §1): an FAQ accordion in ten categories, with a filter that narrows
 * the questions to those mentioning what the person typed.
 */
export function HelpPage() {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const categories = helpCategories
    .map((category) => ({
      ...category,
      questions: category.questions.filter(
        (item) => !needle || `${item.q} ${item.a}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.questions.length > 0);

  return (
    <StaticPage title="Help Center" subtitle="Answers to the questions people ask us most.">
      <TextInput
        label="Search the help"
        placeholder="Try “password” or “trash”"
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {!needle && (
        <Group gap="xs" component="nav" aria-label="Help categories">
          {helpCategories.map((category) => (
            <Anchor key={category.id} href={`#${category.id}`} size="sm">
              {category.title}
            </Anchor>
          ))}
        </Group>
      )}
      {categories.length === 0 && <Text c="dimmed">No answer mentions “{filter.trim()}”.</Text>}
      {categories.map((category) => (
        <section key={category.id} id={category.id} style={{ scrollMarginTop: 80 }}>
          <Title order={2} fz="h3" mb="sm">
            {category.title}
          </Title>
          <FaqAccordion items={category.questions} />
        </section>
      ))}
    </StaticPage>
  );
}
