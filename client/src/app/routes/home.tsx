import { lazy, Suspense } from 'react';
import { CtaBanner } from '@/components/ui/CtaBanner';
import { Icon } from '@/components/ui/Icon';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { paths } from '@/config/paths';
import { constants } from '@/config/rules';
import { HomeHero } from '@/features/home/components/HomeHero';
import {
  Achievements,
  CountryCards,
  GetStarted,
  ServiceCards,
  SuccessStories,
  Testimonials,
  TrustSection,
} from '@/features/home/components/HomeSections';
import { PromoVideo } from '@/features/home/components/PromoVideo';
import { HydrateOnInteraction } from '@/lib/hydrate-on-interaction';
import { whenUsed } from '@/lib/load-when-needed';
import { usePageMeta } from '@/lib/use-page-meta';
import '@/features/job-alert/components/job-alert.css';

// The job-alert form and its form library (formik, yup: about 25 KB) are their own chunk, loaded
// at the first use of the form or when a scroll brings it near; until then its pre-rendered HTML
// stays in place (see lib/load-when-needed.ts).
const JobAlertForm = lazy(() =>
  whenUsed('.job-alert__card').then(() => import('@/features/job-alert/components/JobAlertForm')),
);

function JobAlertSection() {
  return (
    <section className="section section--gradient section--later" aria-labelledby="job-alert-title">
      <div className="container job-alert">
        <div>
          <SectionHeader
            light
            eyebrow="Job Alerts"
            title="Get Matching Jobs in Your Inbox"
            id="job-alert-title"
            lead="Tell us what you are looking for and we will e-mail you new openings as soon as employers send them."
          />
          <p className="job-alert__note">
            <Icon name="shield" size={18} /> We never share your e-mail. Unsubscribe at any time.
          </p>
        </div>
        <div className="job-alert__card">
          <Suspense fallback={<div className="form-placeholder" aria-hidden="true" />}>
            <JobAlertForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}

export default function HomeRoute() {
  usePageMeta(
    '',
    'Vandy Travel and Recruitment Services: overseas jobs in the UAE, Saudi Arabia, Qatar and ' +
      'the Gulf, visa services, travel and study abroad from Kumasi, Ghana.',
  );
  return (
    <>
      <HomeHero />
      {/* Below the hero (which starts its video): hydrated at the visitor's first interaction. */}
      <HydrateOnInteraction>
        <PromoVideo />
        <Achievements />
        <GetStarted />
        <ServiceCards />
        <CountryCards />
        <JobAlertSection />
        <TrustSection />
        <Testimonials />
        <SuccessStories />
        <CtaBanner
          title="Ready to Start Your Journey Abroad?"
          text={`Apply today or talk to our team. We reply to every application within ${constants.promises.applicationReplyWithin}.`}
          primary={{ label: 'Enroll Now', to: paths.apply }}
          secondary={{ label: 'Contact Us', to: paths.contact }}
        />
      </HydrateOnInteraction>
    </>
  );
}
