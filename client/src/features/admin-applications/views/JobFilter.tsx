import { listJobs, useAdminQuery } from '@/features/admin-shell';

const JOBS_LISTED = 100;

/** The applications list's job filter: every job by its title (newest first); the value is its ID. */
export function JobFilter({ value, onChange }: { value: string; onChange: (jobId: string) => void }) {
  const [state] = useAdminQuery({
    key: ['jobs', 'titles'],
    load: (signal) => listJobs('', 1, JOBS_LISTED, signal),
  });
  const jobs = state.status === 'success' ? state.data.items : [];
  const known = jobs.some((job) => job.id === value);
  return (
    <div className="admin-field">
      <label htmlFor="filter-job">Job</label>
      <select id="filter-job" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All jobs</option>
        {jobs.map((job) => (
          <option key={job.id} value={job.id}>
            {job.title}
            {job.country ? ` (${job.country})` : ''}
          </option>
        ))}
        {value && !known ? (
          <option value={value}>{state.status === 'loading' ? 'Loading…' : 'A job no longer listed'}</option>
        ) : null}
      </select>
    </div>
  );
}
