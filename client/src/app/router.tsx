import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '@/components/ui/Spinner';
import { RootLayout } from './routes/root-layout';
import * as Pages from './routes/lazy-pages';

/**
 * All routes of spec section 2. Declarative routing keeps the router small in the entry
 * bundle; every page is a React.lazy chunk and /admin/* is its own lazy app.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<PageLoader />}>
            <Pages.AdminApp />
          </Suspense>
        }
      />
      <Route element={<RootLayout />}>
        <Route index element={<Pages.HomeRoute />} />
        <Route path="about" element={<Pages.AboutPage />} />
        <Route path="services" element={<Pages.ServicesPage />} />
        <Route path="study-abroad" element={<Pages.StudyAbroadPage />} />
        <Route path="country-packages" element={<Pages.CountryPackagesPage />} />
        <Route path="blog" element={<Pages.BlogPage />} />
        <Route path="blog/category/:slug" element={<Pages.BlogListingPage kind="category" />} />
        <Route path="blog/tag/:tag" element={<Pages.BlogListingPage kind="tag" />} />
        <Route path="blog/:id" element={<Pages.BlogPostPage />} />
        <Route path="contact" element={<Pages.ContactPage />} />
        <Route path="book-appointment" element={<Pages.BookAppointmentPage />} />
        <Route path="apply" element={<Pages.ApplyPage />} />
        <Route path="payment/callback" element={<Pages.PaymentResultPage />} />
        <Route path="payment/start" element={<Pages.PaymentStartPage />} />
        <Route path="jobs" element={<Pages.JobsPage />} />
        <Route path="jobs/:id" element={<Pages.JobPage />} />
        <Route path="track" element={<Pages.TrackPage />} />
        <Route path="privacy" element={<Pages.PrivacyPage />} />
        <Route path="terms" element={<Pages.TermsPage />} />
        <Route path="*" element={<Pages.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
