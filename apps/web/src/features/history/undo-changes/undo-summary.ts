import type { TFunction } from 'i18next';
import { formatList } from '../../../lib/format';

/** What undoing the changes since a moment would do, counted (`history.previewUndo`). */
export interface UndoCounts {
  /** Contacts that exist now and will hold other values. */
  changed: number;
  /** Contacts deleted for good since, which come back. */
  recreated: number;
  /** Contacts made since, which are deleted. */
  removed: number;
  /** Labels made, renamed or deleted since, which are put back. */
  labels: number;
}

/** True when undoing would change nothing: the book is as it was at the moment. */
export function isNothingToUndo(counts: UndoCounts): boolean {
  return counts.changed + counts.recreated + counts.removed + counts.labels === 0;
}

/**
 * The counts in words, in the interface language, only those that are not zero:
 * "12 contacts will change, 3 will be recreated, 1,000 will be removed and 2 labels will be
 * put back." The first count about contacts names them; the next ones say only their number.
 * Numbers take the language's format; "Nothing changed since then." when every count is zero.
 */
export function undoSummary(counts: UndoCounts, t: TFunction): string {
  const parts: string[] = [];
  let named = false;
  if (counts.changed > 0) {
    parts.push(t('{{count, number}} contacts will change', { count: counts.changed }));
    named = true;
  }
  if (counts.recreated > 0) {
    parts.push(
      named
        ? t('{{count, number}} will be recreated', { count: counts.recreated })
        : t('{{count, number}} contacts will be recreated', { count: counts.recreated }),
    );
    named = true;
  }
  if (counts.removed > 0) {
    parts.push(
      named
        ? t('{{count, number}} will be removed', { count: counts.removed })
        : t('{{count, number}} contacts will be removed', { count: counts.removed }),
    );
  }
  if (counts.labels > 0) {
    parts.push(t('{{count, number}} labels will be put back', { count: counts.labels }));
  }
  if (parts.length === 0) return t('Nothing changed since then.');
  return `${formatList(parts)}.`;
}
