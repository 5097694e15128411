import { useCallback, useState } from 'react';

/** A set of selected ids, cleared when the list it belongs to changes (new filters). */
export function useSelection() {
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelection((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const setMany = useCallback(
    (ids: readonly string[], selected: boolean) =>
      setSelection((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelection(new Set()), []);
  return { selection, toggle, setMany, clear };
}
