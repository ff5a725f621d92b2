import { ActionIcon, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newValue, type ContactFormValues } from '../api/contact-form-values';
import { DEFAULT_TYPE, type ValueKind } from '../value-types';
import { CustomTypeInput, TypeSelect } from './type-select';

type ValueList = 'phones' | 'emails' | 'urls';

/**
 * The rows of one list of typed values (phones, emails or web addresses): each row a type and
 * the value, with Move up (the first is the preferred one, the screens' Phone or Email) and
 * Remove, and a button that adds a row. `required` keeps the first row (a contact needs a
 * phone, docs/product/validation.md#contact-form).
 */
export function ValueRows({
  form,
  list,
  kind,
  label,
  addLabel,
  inputType,
  required = false,
}: {
  form: UseFormReturnType<ContactFormValues>;
  list: ValueList;
  kind: ValueKind;
  label: string;
  addLabel: string;
  inputType: 'tel' | 'email' | 'url';
  required?: boolean;
}) {
  const rows = form.getValues()[list];
  const rowLabel = (i: number) => (i === 0 ? label : `${label} ${i + 1}`);
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <Stack key={i} gap={4}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={rowLabel(i)}
              type={inputType}
              withAsterisk={required && i === 0}
              autoComplete="off"
              {...form.getInputProps(`${list}.${i}.value`)}
            />
            {/* Wide enough for "Custom label…" / "Etiqueta propia…" where there is room. */}
            <div style={{ width: 'min(11rem, 32%)', flexShrink: 0 }}>
              <TypeSelect
                kind={kind}
                type={row.type}
                custom={row.custom}
                label={rowLabel(i)}
                onChange={(next) => {
                  form.setFieldValue(`${list}.${i}.type`, next.type);
                  form.setFieldValue(`${list}.${i}.custom`, next.custom);
                }}
              />
            </div>
            <RowActions
              label={rowLabel(i)}
              canMoveUp={i > 0}
              canRemove={!(i === 0 && (required || rows.length === 1) && list !== 'urls')}
              onMoveUp={() => form.reorderListItem(list, { from: i, to: i - 1 })}
              onRemove={() => form.removeListItem(list, i)}
            />
          </Group>
          {row.custom && (
            <CustomTypeInput
              label={rowLabel(i)}
              inputProps={form.getInputProps(`${list}.${i}.type`)}
            />
          )}
        </Stack>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem(list, newValue(DEFAULT_TYPE[kind]))}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** The height of an input's label above it, so buttons beside inputs line up with them. */
const LABEL_OFFSET = 'calc(var(--mantine-font-size-sm) * 1.55 + 4px)';

/** Move up and Remove for one row of a list; named after the row for screen readers. */
export function RowActions({
  label,
  canMoveUp,
  canRemove,
  onMoveUp,
  onRemove,
}: {
  label: string;
  canMoveUp: boolean;
  canRemove: boolean;
  onMoveUp: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const moveUp = t('Move {{field}} up', { field: label });
  const remove = t('Remove {{field}}', { field: label });
  return (
    // Level with the inputs, below their labels.
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0, paddingTop: LABEL_OFFSET }}>
      <Tooltip label={moveUp}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={moveUp}
          disabled={!canMoveUp}
          onClick={onMoveUp}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={remove}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={remove}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
