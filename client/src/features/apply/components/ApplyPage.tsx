import { HelpPanel } from '@/components/ui/HelpPanel';
import { PageHero } from '@/components/ui/PageHero';
import { constants } from '@/config/rules';
import { lazy, memo, Suspense } from 'react';
import { whenUsed } from '@/lib/load-when-needed';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSearchParams } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import { getOpenJob } from '../api/get-open-job';
import './apply.css';
import { loadDraft } from '../lib/draft';
import type { AppliedJob } from './ApplicationForm';

/** A saved draft or a job to apply for changes the form at once: its code is wanted now. */
function formWantedNow(): boolean {
  return (
    typeof window !== 'undefined' &&
    (loadDraft() !== null || new URLSearchParams(window.location.search).has('job'))
  );
}

// The wizard and its form library load at its first use (lib/load-when-needed.ts), or at once for
// a draft to restore or a job to fill in.
const ApplicationForm = lazy(() =>
  (formWantedNow() ? Promise.resolve() : whenUsed('[data-form="application"]')).then(() =>
    import('./ApplicationForm').then((m) => ({ default: m.ApplicationForm })),
  ),
);

/**
 * Memoised: the page re-renders when its job request settles, and an update reaching the form's
 * boundary before its code has come would make React drop the pre-rendered form for the fallback.
 */
const ApplicationFormWhenUsed = memo(function ApplicationFormWhenUsed({ job }: { job: AppliedJob | null }) {
  return (
    <Suspense fallback={<div className="form-placeholder" aria-hidden="true" />}>
      <ApplicationForm job={job} />
    </Suspense>
  );
});

export default function ApplyPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job') ?? '';
  const [state] = useResource((signal) => getOpenJob(jobId, signal), jobId);
  const job = state.status === 'success' ? state.data : null;
  usePageMeta(
    'Apply for Jobs Abroad',
    'Apply online for jobs in the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain, Oman and more in four simple steps.',
  );
  return (
    <>
      <PageHero
        eyebrow="Enroll Now"
        title="Apply for Jobs Abroad"
        lead={
          `Four simple steps. We review every application within ` +
          `${constants.promises.applicationReplyWithin} and keep you updated by SMS.`
        }
      />
      <section className="section section--tint">
        <div className="container form-layout">
          <div className="card form-card" data-form="application">
            <h2>Job Application</h2>
            {job ? (
              <p className="notice" data-testid="applying-for">
                Applying for: <strong>{job.title}</strong> ({job.country})
              </p>
            ) : null}
            {jobId && state.status === 'loading' ? null : (
              <ApplicationFormWhenUsed key={job?.id ?? 'any'} job={job} />
            )}
          </div>
          <HelpPanel
            text={`Questions about your application? Our recruiters answer calls ${constants.officeHours}.`}
          />
        </div>
      </section>
    </>
  );
}
