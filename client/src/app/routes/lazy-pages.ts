import { lazy } from 'react';

/** Every page is its own chunk; the home entry only carries the shell. */
export const HomeRoute = lazy(() => import('./home'));
export const AboutPage = lazy(() => import('@/features/about/components/AboutPage'));
export const ServicesPage = lazy(() => import('@/features/services/components/ServicesPage'));
export const StudyAbroadPage = lazy(() => import('@/features/study-abroad/components/StudyAbroadPage'));
export const CountryPackagesPage = lazy(
  () => import('@/features/country-packages/components/CountryPackagesPage'),
);
export const BlogPage = lazy(() => import('@/features/blog/components/BlogPage'));
export const BlogPostPage = lazy(() => import('@/features/blog/components/BlogPostPage'));
export const BlogListingPage = lazy(() => import('@/features/blog/components/BlogListingPage'));
export const ContactPage = lazy(() => import('@/features/contact/components/ContactPage'));
export const BookAppointmentPage = lazy(
  () => import('@/features/appointment/components/BookAppointmentPage'),
);
export const ApplyPage = lazy(() => import('@/features/apply/components/ApplyPage'));
export const PaymentResultPage = lazy(() => import('@/features/apply/components/PaymentResultPage'));
export const PaymentStartPage = lazy(() => import('@/features/apply/components/PaymentStartPage'));
export const JobsPage = lazy(() => import('@/features/jobs/components/JobsPage'));
export const JobPage = lazy(() => import('@/features/jobs/components/JobPage'));
export const TrackPage = lazy(() => import('@/features/track/components/TrackPage'));
export const PrivacyPage = lazy(() => import('@/features/legal/components/PrivacyPage'));
export const TermsPage = lazy(() => import('@/features/legal/components/TermsPage'));
export const NotFoundPage = lazy(() => import('@/features/not-found/components/NotFoundPage'));
export const AdminApp = lazy(() => import('@/features/admin/AdminApp'));
