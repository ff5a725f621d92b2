import { ActionIcon, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '@kith/validators';
import { parsePhone } from '../../../lib/phone';
import { newValue, type ContactFormValues } from '../api/contact-form-values';
import { DEFAULT_TYPE, type ValueKind } from '../../../lib/value-types';
import { CustomTypeInput, TypeSelect } from './type-select';

type ValueList = 'phones' | 'emails' | 'urls';

/** The longest value each kind's field takes, in characters (docs/product/limits.md). */
const VALUE_MAX: Record<Exclude<ValueKind, 'address'>, number> = {
  phone: CONTACT_LIMITS.phone,
  email: CONTACT_LIMITS.email,
  url: CONTACT_LIMITS.link,
};

/**
 * The rows of one list of typed values (phones, emails or web addresses): each row a type and
 * the value, with Move up (the first is the preferred one, the screens' Phone or Email) and
 * Remove, and a button that adds a row. `required` keeps the first row (a contact needs a
 * phone, docs/product/validation.md#contact-form). A phone that is not a possible number gets
 * a warning under it once the person leaves the field; it still saves as typed
 * (docs/product/validation.md#phone-numbers). On a phone's width the type and the row's
 * buttons wrap under the value, which keeps the whole width.
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
  kind: Exclude<ValueKind, 'address'>;
  label: string;
  addLabel: string;
  inputType: 'tel' | 'email' | 'url';
  required?: boolean;
}) {
  const { t } = useTranslation();
  const rows = form.getValues()[list];
  const rowLabel = (i: number) => (i === 0 ? label : `${label} ${i + 1}`);
  // The row being typed in: its warning waits until the person leaves it.
  const [typing, setTyping] = useState<number | null>(null);
  const valueProps = (i: number) => {
    const props = form.getInputProps(`${list}.${i}.value`);
    return {
      ...props,
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        setTyping(i);
        props.onFocus?.(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        setTyping(null);
        props.onBlur?.(event);
      },
    };
  };
  const warning = (row: { value: string }, i: number) =>
    kind === 'phone' &&
    typing !== i &&
    row.value.trim() !== '' &&
    !form.errors[`${list}.${i}.value`] &&
    !parsePhone(row.value) ? (
      <span style={{ display: 'inline-flex', gap: 4, color: 'var(--mantine-color-text)' }}>
        <IconAlertTriangle
          size={14}
          color="var(--mantine-color-orange-filled)"
          style={{ flexShrink: 0, marginTop: 2 }}
          aria-hidden
        />
        {t('This does not look like a number a phone can dial. It is saved as typed.')}
      </span>
    ) : undefined;
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <Stack key={i} gap={4}>
          <Group gap="xs" align="flex-start" wrap="wrap" style={{ rowGap: 4 }}>
            <TextInput
              // The value keeps at least 14rem: narrower, the type wraps under it.
              style={{ flex: '1 1 14rem', minWidth: 0 }}
              label={rowLabel(i)}
              type={inputType}
              withAsterisk={required && i === 0}
              autoComplete="off"
              maxLength={VALUE_MAX[kind]}
              description={warning(row, i)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-phone-warning={warning(row, i) ? '' : undefined}
              {...valueProps(i)}
            />
            {/* Wide enough for "Custom label…" / "Etiqueta propia…" where there is room. */}
            <div style={{ flex: '0 1 11rem', minWidth: '8rem' }}>
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
              preferred={i === 1}
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

/**
 * Move up and Remove for one row of a list; named after the row for screen readers and in
 * their tooltips (WCAG 2.2 SC 4.1.2, Name, Role, Value). `preferred`: moving this row up makes
 * it the first, the preferred one, and its button says so ('Make Phone 2 preferred').
 */
export function RowActions({
  label,
  preferred = false,
  canMoveUp,
  canRemove,
  onMoveUp,
  onRemove,
}: {
  label: string;
  preferred?: boolean;
  canMoveUp: boolean;
  canRemove: boolean;
  onMoveUp: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const moveUp = preferred
    ? t('Make {{field}} preferred', { field: label })
    : t('Move {{field}} up', { field: label });
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
