import { HelpPanel } from '@/components/ui/HelpPanel';
import { PageHero } from '@/components/ui/PageHero';
import { constants } from '@/config/rules';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSearchParams } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import { getOpenJob } from '../api/get-open-job';
import { ApplicationForm } from './ApplicationForm';
import './apply.css';

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
          <div className="card form-card">
            <h2>Job Application</h2>
            {job ? (
              <p className="notice" data-testid="applying-for">
                Applying for: <strong>{job.title}</strong> ({job.country})
              </p>
            ) : null}
            {jobId && state.status === 'loading' ? null : (
              <ApplicationForm key={job?.id ?? 'any'} job={job} />
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
