import { lazy, type ComponentType } from 'react';
import { HydrateOnInteraction } from '@/lib/hydrate-on-interaction';

/**
 * A page of static content: on a pre-rendered page its content hydrates at the visitor's first
 * interaction (lib/hydrate-on-interaction.tsx). The chunk itself still loads with the page, outside
 * the held part, so a navigation to the page keeps the previous one on screen while it loads.
 */
function staticPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().then(({ default: Page }) => ({
      default: (props: P) => (
        <HydrateOnInteraction>
          <Page {...props} />
        </HydrateOnInteraction>
      ),
    })),
  );
}

/** Every page is its own chunk; the home entry only carries the shell. */
export const HomeRoute = lazy(() => import('./home'));
export const AboutPage = staticPage(() => import('@/features/about/components/AboutPage'));
export const ServicesPage = staticPage(() => import('@/features/services/components/ServicesPage'));
export const StudyAbroadPage = staticPage(() => import('@/features/study-abroad/components/StudyAbroadPage'));
export const CountryPackagesPage = staticPage(
  () => import('@/features/country-packages/components/CountryPackagesPage'),
);
export const BlogPage = staticPage(() => import('@/features/blog/components/BlogPage'));
export const BlogPostPage = staticPage(() => import('@/features/blog/components/BlogPostPage'));
export const BlogListingPage = staticPage(() => import('@/features/blog/components/BlogListingPage'));
export const ContactPage = staticPage(() => import('@/features/contact/components/ContactPage'));
export const BookAppointmentPage = lazy(
  () => import('@/features/appointment/components/BookAppointmentPage'),
);
export const ApplyPage = lazy(() => import('@/features/apply/components/ApplyPage'));
export const PaymentResultPage = lazy(() => import('@/features/apply/components/PaymentResultPage'));
export const PaymentStartPage = lazy(() => import('@/features/apply/components/PaymentStartPage'));
export const JobsPage = lazy(() => import('@/features/jobs/components/JobsPage'));
export const JobPage = staticPage(() => import('@/features/jobs/components/JobPage'));
export const TrackPage = lazy(() => import('@/features/track/components/TrackPage'));
export const PrivacyPage = staticPage(() => import('@/features/legal/components/PrivacyPage'));
export const TermsPage = staticPage(() => import('@/features/legal/components/TermsPage'));
export const NotFoundPage = staticPage(() => import('@/features/not-found/components/NotFoundPage'));
export const AdminApp = lazy(() => import('@/features/admin-shell/AdminApp'));
