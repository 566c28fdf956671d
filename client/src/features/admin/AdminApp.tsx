/**
 * The private admin area: its own lazy chunk (public visitors never download it), with each
 * section lazily loaded inside it. Routes are relative to /admin/*.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './components/AdminLayout';
import { AdminLoading, RequireAdmin } from './session/RequireAdmin';
import { AdminSessionProvider, startSessionCheck } from './session/session';
import './admin.css';
import './components/views/views.css';

// As soon as this chunk runs, beside the route's chunk (requested with the entry), not after it.
// Not at build time, where the frame is pre-rendered (scripts/admin-pages.mjs): no session there.
if (typeof window !== 'undefined') startSessionCheck();

const LoginPage = lazy(() => import('./components/LoginPage'));
const DashboardPage = lazy(() => import('./components/DashboardPage'));
const ApplicationsPage = lazy(() => import('./components/ApplicationsPage'));
const ApplicationDetailPage = lazy(() => import('./components/ApplicationDetailPage'));
const AppointmentsPage = lazy(() => import('./components/AppointmentsPage'));
const AppointmentCalendarPage = lazy(
  () => import('./components/appointment-calendar/AppointmentCalendarPage'),
);
const JobsPage = lazy(() => import('./components/JobsPage'));
const MessagesPage = lazy(() => import('./components/MessagesPage'));
const MessageThreadPage = lazy(() => import('./components/notes/MessageThreadPage'));
const SubscribersPage = lazy(() => import('./components/SubscribersPage'));
const BlogPostsPage = lazy(() => import('./components/BlogPostsPage'));
const SettingsPage = lazy(() => import('./components/SettingsPage'));
const DataRequestsPage = lazy(() => import('./components/DataRequestsPage'));
const PhonesToConfirmPage = lazy(() => import('./components/PhonesToConfirmPage'));
const TemplatesPage = lazy(() => import('./components/templates/TemplatesPage'));
const BulkMessagePage = lazy(() => import('./components/bulk/BulkMessagePage'));
const BulkResultPage = lazy(() => import('./components/bulk/BulkResultPage'));
const NewsletterPage = lazy(() => import('./components/newsletter/NewsletterPage'));
const FeePolicyPage = lazy(() => import('./components/fees/FeePolicyPage'));

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
              <Route path="*" element={<AdminNotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </AdminSessionProvider>
    </div>
  );
}
