/** The applications list's filters: the form's values, a bulk action's `matching`, the route's query. */
import type { components, operations } from '@/generated/api';

type ApplicationQuery = NonNullable<
  operations['ApiAdminApplicationsListApplications']['parameters']['query']
>;
/** The list's filters as the form holds them ('' for "any"); the keys are the route's query parameters. */
export type ApplicationFilters = Record<Exclude<keyof ApplicationQuery, 'page' | 'pageSize'>, string>;
export const emptyApplicationFilters: ApplicationFilters = {
  q: '',
  status: '',
  jobCategory: '',
  preferredCountry: '',
  from: '',
  to: '',
  payment: '',
  jobId: '',
  view: '',
  owner: '',
};
/** The filters that are set, as a bulk action's `matching`: the list's query by the same names and values. */
export const applicationFilter = (filters: ApplicationFilters) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value),
  ) as components['schemas']['ApplicationFilter'];
/** The filters as the route's query: an empty filter is left out of the URL (see `querySerializer`). */
export const applicationQuery = (filters: ApplicationFilters) => filters as ApplicationQuery;
