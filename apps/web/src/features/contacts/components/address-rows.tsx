import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newAddress, type ContactFormValues } from '../api/contact-form-values';
import { CustomTypeInput, TypeSelect } from './type-select';
import { RowActions } from './value-rows';

/**
 * Every postal address (RFC 6350 ADR). The first is the contact's location: its country, city, post
 * code and street address keep their labels and all-or-nothing rule
 * (docs/product/validation.md#contact-form, `groupError`); every address also has a region, an
 * apartment or floor, and a PO box.
 */
export function AddressRows({
  form,
  groupError,
}: {
  form: UseFormReturnType<ContactFormValues>;
  groupError?: string;
}) {
  const { t } = useTranslation();
  const rows = form.getValues().addresses;
  const legend = (i: number) => (i === 0 ? t('Address') : `${t('Address')} ${i + 1}`);
  const field = (i: number, part: keyof ContactFormValues['addresses'][number]) =>
    form.getInputProps(`addresses.${i}.${part}`);
  return (
    <Stack gap="md">
      {rows.map((row, i) => (
        <Fieldset key={i} legend={legend(i)} variant="unstyled">
          <Stack gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <div style={{ flex: 1, maxWidth: '14rem' }}>
                <TypeSelect
                  kind="address"
                  type={row.type}
                  custom={row.custom}
                  label={legend(i)}
                  onChange={(next) => {
                    form.setFieldValue(`addresses.${i}.type`, next.type);
                    form.setFieldValue(`addresses.${i}.custom`, next.custom);
                  }}
                />
              </div>
              <RowActions
                label={legend(i)}
                canMoveUp={i > 0}
                canRemove={rows.length > 1}
                onMoveUp={() => form.reorderListItem('addresses', { from: i, to: i - 1 })}
                onRemove={() => form.removeListItem('addresses', i)}
              />
            </Group>
            {row.custom && <CustomTypeInput label={legend(i)} inputProps={field(i, 'type')} />}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('Country')} {...field(i, 'country')} />
              <TextInput label={t('City')} {...field(i, 'locality')} />
              <TextInput label={t('Post code')} {...field(i, 'postalCode')} />
              <TextInput label={t('Street address')} {...field(i, 'street')} />
              <TextInput label={t('State or region')} {...field(i, 'region')} />
              <TextInput label={t('Apartment, suite or floor')} {...field(i, 'extended')} />
              <TextInput label={t('PO box')} {...field(i, 'poBox')} />
            </SimpleGrid>
            {i === 0 && groupError && (
              <Text c="red.8" size="sm" role="alert" data-field-error>
                {groupError}
              </Text>
            )}
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('addresses', newAddress())}
        >
          {t('Add address')}
        </Button>
      </Group>
    </Stack>
  );
}
