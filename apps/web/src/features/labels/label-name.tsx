import { Text } from '@mantine/core';

/**
 * The widest a menu of labels grows: its longest name wraps rather than running off a
 * phone's screen (a phone's category may be a whole sentence).
 */
export const LABEL_MENU_WIDTH = 'min(24rem, calc(100vw - 2rem))';

/**
 * A label's name where a line is short (the sidebar, a menu): two lines at most, a long word
 * broken where it must, the whole name on hover and for screen readers.
 */
export function LabelName({ name }: { name: string }) {
  return (
    <Text inherit lineClamp={2} title={name} style={{ overflowWrap: 'anywhere' }}>
      {name}
    </Text>
  );
}
