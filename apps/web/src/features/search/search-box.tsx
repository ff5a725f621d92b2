import { shownName } from '../../lib/contact-name';
import { i18nKey } from '../../lib/i18n';
import {
  ActionIcon,
  CloseButton,
  Combobox,
  Group,
  Loader,
  ScrollArea,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { hotkeysFor } from '../../lib/shortcuts';
import { errorMessage } from '../../lib/notify';
import { useContactSearch } from './api';
import { ContactAvatar } from '../../components/contact-avatar';
import classes from './search-box.module.css';
import { useTranslation } from 'react-i18next';

/** The search box switches layout at 768 px (docs/product/screens.md#app-shell). */
const DESKTOP_QUERY = '(min-width: 768px)';

/** The search field's id, which the `/` shortcut focuses. */
const SEARCH_INPUT_ID = 'search-contacts';

/**
 * The global search (docs/product/states.md#forms): a request per keystroke; results in a dropdown
 * at most half the viewport high, scrollable; a result opens the contact and clears the box; a
 * click outside closes it; a clear button empties it; arrow keys, Enter and Escape work. Each text
 * has its own cached answer, so the results shown always belong to the text in the box, even when
 * answers arrive out of order. On phones the box opens from a search button. `/` focuses it
 * (opens it on phones) from anywhere but a field (docs/product/screens.md#keyboard).
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const [expanded, setExpanded] = useState(false);
  const [value, setValue] = useState('');
  const query = value.trim();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const search = useContactSearch(query);
  const results = search.data ?? [];
  useHotkeys(
    hotkeysFor('search', () => {
      // A phone's closed box opens with its field focused (autoFocus).
      if (!desktop) setExpanded(true);
      document.getElementById(SEARCH_INPUT_ID)?.focus();
    }),
  );

  const close = () => {
    setValue('');
    combobox.closeDropdown();
    setExpanded(false);
  };

  const open = (id: string) => {
    close();
    void navigate({ to: '/person/$id', params: { id }, state: { from: pathname } });
  };

  if (!desktop && !expanded) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('Search contacts')}
        onClick={() => setExpanded(true)}
      >
        <IconSearch size={20} />
      </ActionIcon>
    );
  }

  return (
    <div className={desktop ? classes.desktop : classes.mobile}>
      <Combobox store={combobox} onOptionSubmit={open} withinPortal={false} position="bottom-start">
        <Combobox.Target>
          <TextInput
            id={SEARCH_INPUT_ID}
            aria-label={t('Search contacts')}
            placeholder={t('Search contacts')}
            value={value}
            autoFocus={!desktop}
            leftSection={
              desktop ? (
                <IconSearch size={16} />
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={close}
                  aria-label={t('Close search')}
                >
                  <IconArrowLeft size={18} />
                </ActionIcon>
              )
            }
            leftSectionPointerEvents={desktop ? 'none' : 'all'}
            rightSection={
              search.isFetching && query ? (
                <Loader size={16} />
              ) : value ? (
                <CloseButton aria-label={t('Clear search')} onClick={() => setValue('')} />
              ) : null
            }
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => value && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!query}>
          {/* Named by the field it belongs to (WCAG 4.1.2). */}
          <Combobox.Options labelledBy={SEARCH_INPUT_ID}>
            <ScrollArea.Autosize mah="50vh" type="auto">
              {search.error ? (
                <Combobox.Empty>
                  {errorMessage(search.error, i18nKey('Search query failed. Please try again.'))}
                </Combobox.Empty>
              ) : results.length === 0 ? (
                <Combobox.Empty>
                  {search.isFetching ? t('Searching…') : t('No contacts found')}
                </Combobox.Empty>
              ) : (
                results.map((result) => (
                  // Focusable by script only (the field keeps the focus and the arrows move
                  // through the options), which tells axe that the scrolling list is
                  // reachable by keyboard (scrollable-region-focusable).
                  <Combobox.Option value={result.id} key={result.id} tabIndex={-1}>
                    <Group gap="sm" wrap="nowrap">
                      <ContactAvatar
                        name={shownName(result.name, t)}
                        url={result.photoUrl}
                        size={32}
                      />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {shownName(result.name, t)}
                        </Text>
                        {result.email && (
                          <Text size="xs" c="dimmed" truncate>
                            {result.email}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Combobox.Option>
                ))
              )}
            </ScrollArea.Autosize>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </div>
  );
}
