import { useCallback, useMemo, useState } from 'react';

/** Which rows of a table are selected (SPEC §4: selection is local to the table). */
export function useSelection(allIds: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Rows that left the list (trashed, deleted) leave the selection too.
  const visible = useMemo(() => {
    const ids = new Set(allIds);
    return new Set([...selected].filter((id) => ids.has(id)));
  }, [allIds, selected]);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return {
    selected: visible,
    count: visible.size,
    isSelected: (id: string) => visible.has(id),
    toggle,
    selectAll: () => setSelected(new Set(allIds)),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;
