import { useRef } from 'react';
import type { ResourceState } from '@/lib/use-resource';

/**
 * The state of a read that, while it is read again (after a save), shows what it last loaded, so the
 * forms under it stay mounted with what was typed. `same` says whether the last load still applies.
 */
export function useKept<T>(
  state: ResourceState<T>,
  same: (last: T) => boolean = () => true,
): ResourceState<T> {
  const last = useRef<T | null>(null);
  if (state.status === 'success') last.current = state.data;
  return state.status === 'loading' && last.current !== null && same(last.current)
    ? { status: 'success', data: last.current }
    : state;
}
