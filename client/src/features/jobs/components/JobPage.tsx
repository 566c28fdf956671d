import { Link, useParams } from 'react-router-dom';
import { PageProblem } from '@/components/ui/PageProblem';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { jobForm } from '@/generated/form-rules.json';
import { useServedRecord } from '@/lib/route-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { getJob } from '../api/jobs';
import './jobs.css';

const CLOSED = jobForm.messages.closedNotice;

type Job = NonNullable<Awaited<ReturnType<typeof getJob>>>;

function jobTitle(job: Job | null, status: string): string {
  if (job) return `${job.title} in ${job.city ? `${job.city}, ` : ''}${job.country}`;
  return status === 'success' ? 'Job Not Found' : 'Jobs Abroad';
}

function JobFacts({ job }: { job: Job }) {
  return (
    <dl className="job-facts">
      {job.salary ? (
        <>
          <dt>Salary</dt>
          <dd>{job.salary}</dd>
        </>
      ) : null}
      <dt>Positions</dt>
      <dd>{job.positions}</dd>
      {job.closingDate ? (
        <>
          <dt>Closing date</dt>
          <dd>{job.closingDate}</dd>
        </>
      ) : null}
    </dl>
  );
}

function JobDetails({ job }: { job: Job }) {
  return (
    <>
      {job.requirements ? (
        <>
          <h2>Requirements</h2>
          <p className="job-text">{job.requirements}</p>
        </>
      ) : null}
      {job.benefits.length ? (
        <>
          <h2>Benefits</h2>
          <ul>
            {job.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** `/jobs/{id}`: everything about one job; Apply opens the wizard with the job attached. */
export default function JobPage() {
  const { id = '' } = useParams();
  // Served by the app, the page carries its job (or null: not found) in a JSON block (src/app/pages/job.py).
  const [state] = useServedRecord('job', id, getJob);
  const job = state.status === 'success' ? state.data : null;
  usePageMeta(
    jobTitle(job, state.status),
    job ? job.description.slice(0, 160) : 'Open overseas vacancies with Vandy Travel.',
  );

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') {
    return (
      <PageProblem
        failed
        title="Something Went Wrong"
        message="We could not load this job. Please try again later."
        back={{ to: paths.jobs, label: 'Back to Jobs' }}
      />
    );
  }
  if (!job) {
    return (
      <PageProblem
        title="Job Not Found"
        message="This job does not exist or is no longer advertised."
        back={{ to: paths.jobs, label: 'See open jobs' }}
      />
    );
  }
  const open = job.status === 'open';
  return (
    <section className="section">
      <div className="container job-page">
        <p className="back-link">
          <Link to={paths.jobs}>← Back to Jobs</Link>
        </p>
        <p className="blog-meta">
          <span className="tag tag--accent">{job.category}</span>
          <span>{job.employmentType}</span>
        </p>
        <h1>{job.title}</h1>
        <p className="muted">{[job.city, job.country].filter(Boolean).join(', ')}</p>
        {open ? null : (
          <p className="notice" role="status" data-testid="job-closed">
            {CLOSED}
          </p>
        )}
        <JobFacts job={job} />
        <h2>About the job</h2>
        <p className="job-text">{job.description}</p>
        <JobDetails job={job} />
        {open ? (
          <Link className="button button--primary" to={`${paths.apply}?job=${encodeURIComponent(job.id)}`}>
            Apply for this job
          </Link>
        ) : (
          <Link className="button" to={paths.jobs}>
            See open jobs
          </Link>
        )}
      </div>
    </section>
  );
}
