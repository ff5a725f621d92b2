import { Anchor, Group, Text, TextInput, Title } from '@mantine/core';
import { FaqAccordion } from '../../components/faq-accordion';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { helpCategories } from './help-topics';
import { StaticPage } from './static-page';
import { useTranslation } from 'react-i18next';

/**
 * The Help Center (docs/product/screens.md#what-kith-does): an FAQ accordion in ten categories,
 * with a filter that narrows the questions to those mentioning what the person typed.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const categories = helpCategories
    .map((category) => ({
      ...category,
      questions: category.questions.filter(
        (item) => !needle || `${t(item.q)} ${t(item.a)}`.toLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.questions.length > 0);

  return (
    <StaticPage
      title={t('Help Center')}
      subtitle={t('Answers to the questions people ask us most.')}
    >
      <TextInput
        label={t('Search the help')}
        placeholder={t('Try “password” or “trash”')}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {!needle && (
        <Group gap="xs" component="nav" aria-label={t('Help categories')}>
          {helpCategories.map((category) => (
            <Anchor key={category.id} href={`#${category.id}`} size="sm">
              {t(category.title)}
            </Anchor>
          ))}
        </Group>
      )}
      {categories.length === 0 && (
        <Text c="dimmed">{t('No answer mentions “{{filter}}”.', { filter: filter.trim() })}</Text>
      )}
      {categories.map((category) => (
        <section key={category.id} id={category.id} style={{ scrollMarginTop: 80 }}>
          <Title order={2} fz="h3" mb="sm">
            {t(category.title)}
          </Title>
          <FaqAccordion items={category.questions} />
        </section>
      ))}
    </StaticPage>
  );
}
