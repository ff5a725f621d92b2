import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TYPE_OPTIONS, typeName, type ValueKind } from '../../../lib/value-types';

/** Select values for "no type" and "the person's own label" (a Select needs non-empty values). */
const NONE = 'none';
const CUSTOM = 'custom';

/**
 * A value's type: the offered ones ("Mobile", "Work Fax"...), none, or the person's own label
 * typed into a field that appears below (vCard `X-ABLabel`). `label` names the value
 * the type belongs to, for screen readers ("Phone 2 type").
 */
export function TypeSelect({
  kind,
  type,
  custom,
  label,
  error,
  onChange,
}: {
  kind: ValueKind;
  type: string;
  custom: boolean;
  label: string;
  error?: string;
  onChange: (next: { type: string; custom: boolean }) => void;
}) {
  const { t } = useTranslation();
  const data = [
    ...TYPE_OPTIONS[kind].map((option) => ({
      value: option || NONE,
      label: option ? typeName(option, t) : t('No label'),
    })),
    { value: CUSTOM, label: t('Custom label…') },
  ];
  return (
    <Select
      label={t('Type')}
      aria-label={t('{{field}} type', { field: label })}
      data={data}
      value={custom ? CUSTOM : type || NONE}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      error={error}
      onChange={(value) => {
        if (value === CUSTOM) onChange({ type: custom ? type : '', custom: true });
        else onChange({ type: value === NONE || !value ? '' : value, custom: false });
      }}
    />
  );
}

/** The field for a person's own label, shown under a value whose type is "Custom label…". */
export function CustomTypeInput({
  label,
  inputProps,
}: {
  label: string;
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      label={t('Label for {{field}}', { field: label })}
      placeholder={t('For example: Boat')}
      maxLength={60}
      {...inputProps}
    />
  );
}
