/**
 * The private admin area: its own lazy chunk (public visitors never download it), with each
 * section lazily loaded inside it. Routes are relative to /admin/*.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, Route, Routes, matchPath } from 'react-router-dom';
import { applicationRead, applicationsRead, dashboardRead } from '@/features/admin-applications/api/reads';
import { AdminLayout } from './layout/AdminLayout';
import { prefetchAtEntry } from './query/query';
import { AdminLoading, RequireAdmin } from './session/RequireAdmin';
import { AdminSessionProvider, startSessionCheck } from './session/session';
import './admin.css';
import './views.css';

// As soon as this chunk runs, beside the route's chunk (requested with the entry), not after it.
// Not at build time, where the frame is pre-rendered (scripts/admin-pages.mjs): no session there.
if (typeof window !== 'undefined') startSessionCheck();

/**
 * The data of the route the app opens on (the dashboard, the applications list, an applicant), asked
 * for at once beside the session check instead of after it: one round fewer before the first row
 * (issue 43). The page that mounts takes the read over; a 401 from the check forgets it.
 */
export function startRouteRead({ pathname, search }: { pathname: string; search: string }): void {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin' || path === '/admin/dashboard') prefetchAtEntry(dashboardRead());
  else if (path === '/admin/applications') prefetchAtEntry(applicationsRead(new URLSearchParams(search)));
  else {
    const id = matchPath('/admin/applications/:applicationId', path)?.params.applicationId;
    if (id && id !== 'message') prefetchAtEntry(applicationRead(id));
  }
}
if (typeof window !== 'undefined') startRouteRead(window.location);

const LoginPage = lazy(() => import('@/features/admin-login/LoginPage'));
const DashboardPage = lazy(() => import('@/features/admin-applications/dashboard/DashboardPage'));
const ApplicationsPage = lazy(() => import('@/features/admin-applications/ApplicationsPage'));
const ApplicationDetailPage = lazy(() => import('@/features/admin-applications/ApplicationDetailPage'));
const AppointmentsPage = lazy(() => import('@/features/admin-appointments/AppointmentsPage'));
const AppointmentCalendarPage = lazy(
  () => import('@/features/admin-appointments/calendar/AppointmentCalendarPage'),
);
const JobsPage = lazy(() => import('@/features/admin-content/JobsPage'));
const MessagesPage = lazy(() => import('@/features/admin-notes/MessagesPage'));
const MessageThreadPage = lazy(() => import('@/features/admin-notes/MessageThreadPage'));
const SubscribersPage = lazy(() => import('@/features/admin-newsletter/SubscribersPage'));
const BlogPostsPage = lazy(() => import('@/features/admin-content/BlogPostsPage'));
const SettingsPage = lazy(() => import('@/features/admin-settings/SettingsPage'));
const DataRequestsPage = lazy(() => import('@/features/admin-privacy/DataRequestsPage'));
const PhonesToConfirmPage = lazy(() => import('@/features/admin-applications/PhonesToConfirmPage'));
const TemplatesPage = lazy(() => import('@/features/admin-settings/templates/TemplatesPage'));
const BulkMessagePage = lazy(() => import('@/features/admin-bulk/BulkMessagePage'));
const BulkResultPage = lazy(() => import('@/features/admin-bulk/BulkResultPage'));
const NewsletterPage = lazy(() => import('@/features/admin-newsletter/NewsletterPage'));
const FeePolicyPage = lazy(() => import('@/features/admin-settings/fees/FeePolicyPage'));
const EmployersPage = lazy(() => import('@/features/admin-employers/EmployersPage'));
const EmployerPage = lazy(() => import('@/features/admin-employers/EmployerPage'));
const OrdersPage = lazy(() => import('@/features/admin-orders/OrdersPage'));
const OrderPage = lazy(() => import('@/features/admin-orders/OrderPage'));
const OperationsPage = lazy(() => import('@/features/admin-operations/OperationsPage'));
const PipelineBoardPage = lazy(() => import('@/features/admin-pipeline/board/BoardPage'));
const StageReportPage = lazy(() => import('@/features/admin-pipeline/board/ReportPage'));
const DocumentsPage = lazy(() => import('@/features/admin-documents/DocumentsPage'));
const GatesPage = lazy(() => import('@/features/admin-documents/GatesPage'));
const WelfarePage = lazy(() => import('@/features/admin-welfare/WelfarePage'));

function AdminNotFound() {
  return (
    <div className="admin-card">
      <h1>Page not found</h1>
      <p>
        This admin page does not exist. <Link to="/admin">Back to the dashboard</Link>
      </p>
    </div>
  );
}

export default function AdminApp() {
  // The pre-rendered frame is alive: what is typed from now on is the app's (lib/early-values.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div className="admin-root">
      <AdminSessionProvider>
        <Suspense fallback={<AdminLoading />}>
          <Routes>
            <Route path="login" element={<LoginPage />} />
            <Route
              element={
                <RequireAdmin>
                  <AdminLayout />
                </RequireAdmin>
              }
            >
              <Route index element={<DashboardPage />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="applications" element={<ApplicationsPage />} />
              <Route path="applications/:applicationId" element={<ApplicationDetailPage />} />
              <Route path="applications/:applicationId/documents" element={<DocumentsPage />} />
              <Route path="phones-to-confirm" element={<PhonesToConfirmPage />} />
              <Route path="applications/message" element={<BulkMessagePage />} />
              <Route path="bulk/:bulkId" element={<BulkResultPage />} />
              <Route path="appointments" element={<AppointmentsPage />} />
              <Route path="calendar" element={<AppointmentCalendarPage />} />
              <Route path="jobs" element={<JobsPage />} />
              <Route path="messages" element={<MessagesPage />} />
              <Route path="messages/:messageId" element={<MessageThreadPage />} />
              <Route path="subscribers" element={<SubscribersPage />} />
              <Route path="newsletter" element={<NewsletterPage />} />
              <Route path="blog" element={<BlogPostsPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="data-requests" element={<DataRequestsPage />} />
              <Route path="templates" element={<TemplatesPage />} />
              <Route path="fees" element={<FeePolicyPage />} />
              <Route path="employers" element={<EmployersPage />} />
              <Route path="employers/new" element={<EmployerPage />} />
              <Route path="employers/:employerId" element={<EmployerPage />} />
              <Route path="job-orders" element={<OrdersPage />} />
              <Route path="job-orders/new" element={<OrderPage />} />
              <Route path="job-orders/:orderId" element={<OrderPage />} />
              <Route path="operations" element={<OperationsPage />} />
              <Route path="pipeline" element={<PipelineBoardPage />} />
              <Route path="pipeline/report" element={<StageReportPage />} />
              <Route path="departure-gates" element={<GatesPage />} />
              <Route path="welfare" element={<WelfarePage />} />
              <Route path="*" element={<AdminNotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </AdminSessionProvider>
    </div>
  );
}
