import { useState } from 'react';

export type Selection = {
  ids: Set<number>;
  set: (update: Set<number> | ((current: Set<number>) => Set<number>)) => void;
  clear: () => void;
};

/** The chosen rows of one view: changing stage, filter, page or search (the key) clears them. */
export function useSelection(viewKey: string): Selection {
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>(
    { key: '', ids: new Set() },
  );
  const ids = selection.key === viewKey ? selection.ids : new Set<number>();
  const set: Selection['set'] = (update) =>
    setSelection({
      key: viewKey,
      ids: typeof update === 'function' ? update(ids) : update,
    });
  return { ids, set, clear: () => set(new Set()) };
}
