import { CONTACT_SORTS, type ContactSort } from '@kith/validators';
import { Button, Menu } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCompactRows, useSavePreferences } from '../../../lib/preferences';
import { patchSession, useSessionUser } from '../../../lib/session';

/** Each order's name, as the menu lists it. */
export const SORT_LABELS: Record<ContactSort, string> = {
  first_name: i18nKey('First name'),
  last_name: i18nKey('Last name'),
  recently_added: i18nKey('Recently added'),
  recently_edited: i18nKey('Recently edited'),
};

/**
 * The order of the contacts and favorites lists: first name, last name, recently added or
 * recently edited. The choice applies at once and is kept with the account. Below the orders,
 * "Compact rows" makes every list denser (docs/product/screens.md#compact-rows), kept in this
 * browser.
 */
export function SortMenu() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sort = useSessionUser()?.contactSort ?? 'first_name';
  const save = useSavePreferences();
  const [compact, setCompact] = useCompactRows();
  // The list re-sorts at once; if saving fails, the previous order comes back.
  const choose = (next: ContactSort) => {
    if (next === sort) return;
    const previous = sort;
    patchSession(queryClient, { contactSort: next });
    save.mutate(
      { contactSort: next },
      {
        onError: (error) => {
          patchSession(queryClient, { contactSort: previous });
          notifyError(error);
        },
      },
    );
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconArrowsSort size={16} />}>
          <span>
            {t('Sort')}: {t(SORT_LABELS[sort])}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('Sort by')}</Menu.Label>
        <Menu.RadioGroup value={sort} onChange={(value) => choose(value as ContactSort)}>
          {CONTACT_SORTS.map((value) => (
            <Menu.RadioItem key={value} value={value} closeMenuOnClick>
              {t(SORT_LABELS[value])}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.CheckboxItem checked={compact} onChange={setCompact} closeMenuOnClick>
          {t('Compact rows')}
        </Menu.CheckboxItem>
      </Menu.Dropdown>
    </Menu>
  );
}
