/** Which applications the list has selected: some by id, or everything the filter matches. */
import { useCallback, useState } from 'react';
import type { BulkSelection } from './api/bulk';
import { applicationFilter, type ApplicationFilters } from '@/features/admin-shell';

export type Selected = { all: true } | { all: false; ids: ReadonlySet<string> };

export interface SelectionState {
  selected: Selected;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  setPage: (ids: readonly string[], on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

export function useSelection(): SelectionState {
  const [selected, setSelected] = useState<Selected>({ all: false, ids: new Set() });
  const isSelected = useCallback((id: string) => selected.all || selected.ids.has(id), [selected]);
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const ids = new Set(current.all ? [] : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { all: false, ids };
    });
  }, []);
  const setPage = useCallback((pageIds: readonly string[], on: boolean) => {
    setSelected((current) => {
      const ids = new Set(current.all ? [] : current.ids);
      for (const id of pageIds) {
        if (on) ids.add(id);
        else ids.delete(id);
      }
      return { all: false, ids };
    });
  }, []);
  const selectAllMatching = useCallback(() => setSelected({ all: true }), []);
  const clear = useCallback(() => setSelected({ all: false, ids: new Set() }), []);
  return { selected, isSelected, toggle, setPage, selectAllMatching, clear };
}

/**
 * Everything the list's filter matches, as a bulk selection: the filters that are set, or
 * `{ all: 'true' }` when none is (the server refuses an empty filter, so that a misspelt or lost
 * filter never selects every application by accident).
 */
export function matchingSelection(filters: ApplicationFilters): BulkSelection {
  const matching = applicationFilter(filters);
  return { matching: Object.keys(matching).length > 0 ? matching : { all: 'true' } };
}

/** The request's selection: the ids, or the filter (only the filters that are set). */
export function toBulkSelection(selected: Selected, filters: ApplicationFilters): BulkSelection {
  if (selected.all) return matchingSelection(filters);
  return { applicationIds: [...selected.ids] };
}

export function selectedCount(selected: Selected, total: number): number {
  return selected.all ? total : selected.ids.size;
}
