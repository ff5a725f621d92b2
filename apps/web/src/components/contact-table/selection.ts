import type { BulkContactsInput, ListSelection } from '@kith/validators';
import { useCallback, useState } from 'react';

interface State {
  /** After "Select All": every row of the list is selected but `ids`. */
  all: boolean;
  /** The ticked rows, or after "Select All" the unticked ones. */
  ids: ReadonlySet<string>;
}

const NONE: State = { all: false, ids: new Set() };

/**
 * Which rows of a list are selected; the selection is local to the table
 * (docs/product/states.md#contact). "Select All" covers the whole list, rows never loaded included
 * (the list reads only the windows on screen), so it is kept as criteria, the list and the rows
 * unticked since, and the bulk calls take it as `{all}` (`chosen`).
 *
 * @param list the list shown, as the bulk calls name it (with `labelId` for a label's list).
 * @param total how many contacts the list holds, for the count after "Select All".
 */
export function useSelection(list: Omit<ListSelection, 'exceptIds'>, total: number) {
  const [state, setState] = useState<State>(NONE);
  const { list: name, labelId } = list;

  const toggle = useCallback((id: string) => {
    setState((current) => {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      // Unticking every row after "Select All" leaves nothing selected.
      return { all: current.all, ids };
    });
  }, []);

  const count = Math.max(0, state.all ? total - state.ids.size : state.ids.size);
  return {
    count,
    isSelected: (id: string) => (state.all ? !state.ids.has(id) : state.ids.has(id)),
    toggle,
    selectAll: () => setState({ all: true, ids: new Set() }),
    clear: () => setState(NONE),
    /** The selection as the bulk calls take it: `{contactIds}` or `{all}`. */
    chosen: (): BulkContactsInput =>
      state.all
        ? { all: { list: name, labelId, exceptIds: [...state.ids] } }
        : { contactIds: [...state.ids] },
  };
}

export type Selection = ReturnType<typeof useSelection>;
