/** The public face of this admin feature: what other admin features may import. */
export {
  applicationFilter,
  applicationQuery,
  emptyApplicationFilters,
  type ApplicationFilters,
} from './api/application-filters';
export { admin, errorMessage, fieldErrors } from './api/client';
export { listJobs } from './api/jobs';
export { getDemoCredentials } from './api/session';
export {
  APPLICATION_STATUSES,
  SHOWN_PAYMENTS,
  type AdminBlogPost,
  type AdminJob,
  type AdminSettings,
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationSummary,
  type Appointment,
  type AuditEntry,
  type BlogPostInput,
  type ContactMessage,
  type Dashboard,
  type DataRequestResult,
  type Erased,
  type Job,
  type JobAlertSubscriber,
  type JobInput,
  type NewsletterSubscriber,
  type Page,
  type SmsRecord,
  type UploadedImage,
} from './api/types';
export { useConfirm, type ConfirmRequest } from './confirm/useConfirm';
export { runAction } from './lib/actions';
export { messageAt, nestedErrors, useFocusFirstInvalid } from './lib/admin-form';
export { FILTER_KEYS, filtersFrom, foldedCount, listSearch } from './lib/filters';
export { countOf, humanize } from './lib/text';
export { STAFF_ZONES, formatDate, formatDateTime, setStaffTimeZone, staffTimeZone } from './lib/time';
export { useAdminTitle } from './lib/title';
export { useFollow } from './lib/use-follow';
export { useAdmin, useAdminSession } from './session/session';
export type { LoginLocationState } from './session/RequireAdmin';
export { AdminQueryProvider, useAdminQuery, useInvalidate, type AdminRead } from './query/query';
export { QuickViews } from './ui/QuickViews';
export { TextAreaField } from './ui/TextAreaField';
export { AsyncView } from './ui/AsyncView';
export { DataTable, PagedTable } from './ui/DataTable';
export { FilterTabs, type FilterOption } from './ui/FilterTabs';
export { PageHeader } from './ui/PageHeader';
export { BackLink, RecordPage } from './ui/RecordPage';
export { StatusBadge } from './ui/StatusBadge';
