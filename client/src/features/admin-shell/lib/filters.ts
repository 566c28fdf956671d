/** The applications list's filters as they travel in the URL: into a record and back, and to its neighbours. */
import { emptyApplicationFilters, type ApplicationFilters } from '../api/application-filters';

export const FILTER_KEYS = Object.keys(emptyApplicationFilters) as (keyof ApplicationFilters)[];

export function filtersFrom(params: URLSearchParams): ApplicationFilters {
  const filters: ApplicationFilters = { ...emptyApplicationFilters };
  for (const key of FILTER_KEYS) filters[key] = params.get(key) ?? '';
  return filters;
}

/** `?q=odom&view=today&page=2`: the list's filters and page, or '' when there are none. */
export function listSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** How many filters (other than the search and the quick view) are set: the fold button's count. */
export function foldedCount(filters: ApplicationFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'q' && key !== 'view' && filters[key]).length;
}
