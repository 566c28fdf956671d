import { useState, type FormEvent } from 'react';
import { constants } from '@/config/rules';
import { createJob, deleteJob, listJobs, updateJob } from '../api/endpoints';
import type { Job, JobInput } from '../api/types';
import { countOf, formatDate, useAdminQuery, useAdminTitle, useEditableList, useEditorSave, type EditorProps } from './hooks';
import { AsyncView, EditableListPage, ItemActions, PagedTable, StatusBadge, type FilterOption, FilterTabs } from './ui';

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

function JobEditor({ item: job, onSaved, onCancel }: EditorProps<Job>) {
  const [values, setValues] = useState<JobInput>(job ? inputOf(job) : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useEditorSave(onSaved, setErrors);
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
    await save(
      () => (job ? updateJob(job.id, values) : createJob(values)),
      job ? 'Job updated' : 'Job created',
      'Failed to save the job',
    );
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

const STATUS_TABS: readonly FilterOption[] = [
  ['', 'All'],
  ['open', 'Open'],
  ['closed', 'Closed'],
];

export default function JobsPage() {
  useAdminTitle('Jobs');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery((signal) => listJobs(status, page, PAGE_SIZE, signal), `jobs:${status}:${page}`);
  const list = useEditableList<Job>(reload, deleteJob, 'Job deleted');

  const toggle = (job: Job) => {
    const next = job.status === 'open' ? 'closed' : 'open';
    return list.act(() => updateJob(job.id, { ...inputOf(job), status: next }), next === 'closed' ? 'Job closed' : 'Job reopened');
  };

  return (
    <EditableListPage title="Jobs" newLabel="New Job" list={list} editor={(props) => <JobEditor {...props} />}>
      <FilterTabs
        label="Filter jobs by status"
        options={STATUS_TABS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <PagedTable
              data={data}
              label="Jobs"
              onPage={setPage}
              caption={countOf(data.total, 'job')}
              columns={['Title', 'Country', 'Category', 'Salary', 'Updated', 'Status', 'Actions']}
              empty="No job openings yet."
              row={(job) => (
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
                    <ItemActions
                      list={list}
                      item={job}
                      name={job.title}
                      toggleLabel={job.status === 'open' ? 'Close' : 'Reopen'}
                      onToggle={() => void toggle(job)}
                    />
                  </td>
                </tr>
              )}
            />
          </section>
        )}
      </AsyncView>
    </EditableListPage>
  );
}
