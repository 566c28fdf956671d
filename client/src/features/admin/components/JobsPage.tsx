import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { createJob, deleteJob, listJobs, updateJob } from '../api/endpoints';
import type { Job } from '../api/types';
import { useResource } from '@/lib/use-resource';
import {
  countOf,
  formatDate,
  useAdminTitle,
  useEditableList,
  useEditorSave,
  type EditorProps,
} from './hooks';
import { blankJobValues, checkJob, jobBody, jobRules, type JobFieldRule, type JobValues } from './job-rules';
import {
  AsyncView,
  EditableListPage,
  ItemActions,
  PagedTable,
  StatusBadge,
  type FilterOption,
  FilterTabs,
} from './ui';

const PAGE_SIZE = 20;
const LABELS: Record<string, string> = { title: 'Job title' };
const STATUS_LABELS: Record<string, string> = { draft: 'Draft', open: 'Open', closed: 'Closed' };

function valuesOf(job: Job): JobValues {
  const values = blankJobValues();
  const record = job as unknown as Record<string, unknown>;
  for (const f of jobRules.fields) {
    const v = record[f.name];
    if (f.kind === 'multiselect') values[f.name] = Array.isArray(v) ? (v as string[]) : [];
    else if (v === null || v === undefined) values[f.name] = '';
    else values[f.name] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return values;
}

function JobEditor({ item: job, onSaved, onCancel }: EditorProps<Job>) {
  const [values, setValues] = useState<JobValues>(job ? valuesOf(job) : blankJobValues());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useEditorSave(onSaved, setErrors);
  const set = (key: string, value: string | string[]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkJob(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`job-${first}`)?.focus();
      return;
    }
    await save(
      () => (job ? updateJob(job.id, jobBody(values)) : createJob(jobBody(values))),
      job ? 'Job updated' : 'Job created',
      'Failed to save the job',
    );
  };

  const a11y = (key: string) => ({
    id: `job-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `job-${key}-error` : undefined,
  });

  const control = (f: JobFieldRule) => {
    const value = values[f.name];
    if (f.kind === 'multiselect') {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="admin-checks" {...a11y(f.name)}>
          <legend>{f.label}</legend>
          {(f.options ?? []).map((option) => (
            <label key={option}>
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(e) =>
                  set(f.name, e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))
                }
              />{' '}
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    const text = typeof value === 'string' ? value : '';
    if (f.kind === 'select') {
      return (
        <select {...a11y(f.name)} value={text} onChange={(e) => set(f.name, e.target.value)}>
          {f.default === undefined ? <option value="">Choose one</option> : null}
          {text && !(f.options ?? []).includes(text) ? <option>{text}</option> : null}
          {(f.options ?? []).map((option) => (
            <option key={option} value={option}>
              {f.name === 'status' ? (STATUS_LABELS[option] ?? option) : option}
            </option>
          ))}
        </select>
      );
    }
    if (f.kind === 'longtext') {
      return (
        <textarea {...a11y(f.name)} rows={5} value={text} onChange={(e) => set(f.name, e.target.value)} />
      );
    }
    return (
      <input
        {...a11y(f.name)}
        type={f.kind === 'date' ? 'date' : 'text'}
        inputMode={f.kind === 'integer' ? 'numeric' : undefined}
        placeholder={f.name === 'salaryRange' ? 'Only when no figures, e.g. Negotiable' : undefined}
        value={text}
        onChange={(e) => set(f.name, e.target.value)}
      />
    );
  };

  return (
    <section className="admin-card" aria-labelledby="job-editor-heading">
      <h2 id="job-editor-heading">{job ? `Edit: ${job.title}` : 'New job opening'}</h2>
      <form className="admin-form admin-form--grid" onSubmit={onSubmit} noValidate>
        {jobRules.fields.map((f) => (
          <div
            key={f.name}
            className={
              f.kind === 'longtext' || f.kind === 'multiselect'
                ? 'admin-field admin-field--full'
                : 'admin-field'
            }
          >
            {f.kind === 'multiselect' ? null : (
              <label htmlFor={`job-${f.name}`}>{LABELS[f.name] ?? f.label}</label>
            )}
            {control(f)}
            {errors[f.name] ? (
              <p className="admin-error" id={`job-${f.name}-error`}>
                {errors[f.name]}
              </p>
            ) : null}
          </div>
        ))}
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
  ['draft', 'Draft'],
  ['open', 'Open'],
  ['closed', 'Closed'],
];

export default function JobsPage() {
  useAdminTitle('Jobs');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [state, reload] = useResource(
    (signal) => listJobs(status, page, PAGE_SIZE, signal),
    `jobs:${status}:${page}`,
  );
  const list = useEditableList<Job>(reload, deleteJob, 'Job deleted');

  const toggle = (job: Job) => {
    const next = job.status === 'open' ? 'closed' : 'open';
    return list.act(
      () => updateJob(job.id, jobBody({ ...valuesOf(job), status: next })),
      next === 'closed' ? 'Job closed' : job.status === 'draft' ? 'Job published' : 'Job reopened',
    );
  };

  return (
    <EditableListPage
      title="Jobs"
      newLabel="New Job"
      list={list}
      editor={(props) => <JobEditor {...props} />}
    >
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
              columns={[
                'Title',
                'Country',
                'Category',
                'Salary',
                'Applications',
                'Updated',
                'Status',
                'Actions',
              ]}
              empty="No job openings yet."
              row={(job) => (
                <tr key={job.id}>
                  <th scope="row">{job.title}</th>
                  <td>{job.country}</td>
                  <td>{job.category}</td>
                  <td>{job.salary}</td>
                  <td>
                    <Link to={`/admin/applications?jobId=${encodeURIComponent(job.id)}`}>
                      {countOf(job.applications ?? 0, 'application')}
                    </Link>
                  </td>
                  <td>{formatDate(job.updatedAt)}</td>
                  <td>
                    <StatusBadge status={job.status} />
                  </td>
                  <td>
                    <ItemActions
                      list={list}
                      item={job}
                      name={job.title}
                      toggleLabel={
                        job.status === 'open' ? 'Close' : job.status === 'draft' ? 'Publish' : 'Reopen'
                      }
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
