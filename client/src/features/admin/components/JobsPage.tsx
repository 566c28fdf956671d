import { useState, type FormEvent } from 'react';
import { constants } from '@/config/rules';
import { notify } from '@/lib/notify';
import { errorMessage, fieldErrors } from '../api/client';
import { createJob, deleteJob, listJobs, updateJob } from '../api/endpoints';
import type { Job, JobInput } from '../api/types';
import { formatDate, runAction, useAdminQuery, useAdminTitle } from './hooks';
import { AsyncView, EmptyRow, PageHeader, Pagination, StatusBadge } from './ui';

const PAGE_SIZE = 20;
const blank: JobInput = { title: '', country: '', category: '', salaryRange: '', description: '', status: 'open' };
const inputOf = ({ title, country, category, salaryRange, description, status }: Job): JobInput => ({
  title,
  country,
  category,
  salaryRange,
  description,
  status,
});
const LABELS: Record<keyof JobInput, string> = {
  title: 'Job title',
  country: 'Country',
  category: 'Category',
  salaryRange: 'Salary range',
  description: 'Description',
  status: 'Status',
};

function JobEditor({ job, onSaved, onCancel }: { job: Job | null; onSaved: () => void; onCancel: () => void }) {
  const [values, setValues] = useState<JobInput>(job ? inputOf(job) : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof JobInput, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const key of ['title', 'country', 'category', 'salaryRange', 'description'] as const) {
      if (!values[key].trim()) missing[key] = `${LABELS[key]} is required`;
    }
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`job-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      if (job) await updateJob(job.id, values);
      else await createJob(values);
      void notify(job ? 'Job updated' : 'Job created', 'success');
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      void notify(errorMessage(error, 'Failed to save the job'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const a11y = (key: keyof JobInput) => ({
    id: `job-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `job-${key}-error` : undefined,
  });
  const error = (key: keyof JobInput) =>
    errors[key] ? (
      <p className="admin-error" id={`job-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <section className="admin-card" aria-labelledby="job-editor-heading">
      <h2 id="job-editor-heading">{job ? `Edit: ${job.title}` : 'New job opening'}</h2>
      <form className="admin-form admin-form--grid" onSubmit={onSubmit} noValidate>
        <div className="admin-field">
          <label htmlFor="job-title">{LABELS.title}</label>
          <input {...a11y('title')} value={values.title} onChange={(e) => set('title', e.target.value)} />
          {error('title')}
        </div>
        <div className="admin-field">
          <label htmlFor="job-country">{LABELS.country}</label>
          <input {...a11y('country')} list="job-countries" value={values.country} onChange={(e) => set('country', e.target.value)} />
          <datalist id="job-countries">
            {constants.applicationCountries.map((country) => (
              <option key={country} value={country} />
            ))}
          </datalist>
          {error('country')}
        </div>
        <div className="admin-field">
          <label htmlFor="job-category">{LABELS.category}</label>
          <select {...a11y('category')} value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">Choose a category</option>
            {!values.category || constants.applicationJobCategories.includes(values.category) ? null : (
              <option>{values.category}</option>
            )}
            {constants.applicationJobCategories.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="admin-field">
          <label htmlFor="job-salaryRange">{LABELS.salaryRange}</label>
          <input
            {...a11y('salaryRange')}
            list="job-salaries"
            placeholder="e.g. $2,000-$3,000"
            value={values.salaryRange}
            onChange={(e) => set('salaryRange', e.target.value)}
          />
          <datalist id="job-salaries">
            {constants.salaryRanges.map((range) => (
              <option key={range} value={range} />
            ))}
          </datalist>
          {error('salaryRange')}
        </div>
        <div className="admin-field">
          <label htmlFor="job-status">{LABELS.status}</label>
          <select {...a11y('status')} value={values.status} onChange={(e) => set('status', e.target.value)}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </div>
        <div className="admin-field admin-field--full">
          <label htmlFor="job-description">{LABELS.description}</label>
          <textarea {...a11y('description')} rows={6} value={values.description} onChange={(e) => set('description', e.target.value)} />
          {error('description')}
        </div>
        <div className="admin-actions admin-field--full">
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Job'}
          </button>
          <button type="button" className="admin-button admin-button--ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

export default function JobsPage() {
  useAdminTitle('Jobs');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery((signal) => listJobs(status, page, PAGE_SIZE, signal), `jobs:${status}:${page}`);
  const [editing, setEditing] = useState<Job | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);

  const toggle = async (job: Job) => {
    const next = job.status === 'open' ? 'closed' : 'open';
    const done = await runAction(() => updateJob(job.id, { ...inputOf(job), status: next }), next === 'closed' ? 'Job closed' : 'Job reopened');
    if (done) reload();
  };
  const remove = async (job: Job) => {
    setConfirmDelete(null);
    const done = await runAction(() => deleteJob(job.id).then(() => true), 'Job deleted');
    if (done) reload();
  };

  return (
    <>
      <PageHeader title="Jobs">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing('new')}>
          New Job
        </button>
      </PageHeader>
      {editing ? (
        <JobEditor
          key={editing === 'new' ? 'new' : editing.id}
          job={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <div className="admin-tabs" role="group" aria-label="Filter jobs by status">
        {[
          ['', 'All'],
          ['open', 'Open'],
          ['closed', 'Closed'],
        ].map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="admin-button admin-button--small"
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value ?? '');
              setPage(1);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table, scrolls sideways on small screens">
              <table className="admin-table">
                <caption>
                  {data.total} job{data.total === 1 ? '' : 's'}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Country</th>
                    <th scope="col">Category</th>
                    <th scope="col">Salary</th>
                    <th scope="col">Updated</th>
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow colSpan={7} text="No job openings yet." />
                  ) : (
                    data.items.map((job) => (
                      <tr key={job.id}>
                        <th scope="row">{job.title}</th>
                        <td>{job.country}</td>
                        <td>{job.category}</td>
                        <td>{job.salaryRange}</td>
                        <td>{formatDate(job.updatedAt)}</td>
                        <td>
                          <StatusBadge status={job.status} />
                        </td>
                        <td>
                          <div className="admin-actions">
                            <button type="button" className="admin-button admin-button--small" aria-label={`Edit ${job.title}`} onClick={() => setEditing(job)}>
                              Edit
                            </button>
                            <button
                              type="button"
                              className="admin-button admin-button--small"
                              aria-label={`${job.status === 'open' ? 'Close' : 'Reopen'} ${job.title}`}
                              onClick={() => void toggle(job)}
                            >
                              {job.status === 'open' ? 'Close' : 'Reopen'}
                            </button>
                            {confirmDelete === job.id ? (
                              <>
                                <button
                                  type="button"
                                  className="admin-button admin-button--small admin-button--danger"
                                  aria-label={`Confirm delete ${job.title}`}
                                  onClick={() => void remove(job)}
                                >
                                  Confirm delete
                                </button>
                                <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => setConfirmDelete(null)}>
                                  Cancel
                                </button>
                              </>
                            ) : (
                              <button
                                type="button"
                                className="admin-button admin-button--small admin-button--danger"
                                aria-label={`Delete ${job.title}`}
                                onClick={() => setConfirmDelete(job.id)}
                              >
                                Delete
                              </button>
                            )}
                          </div>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination label="Jobs" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </section>
        )}
      </AsyncView>
    </>
  );
}
