import { useFormik, type FormikProps } from 'formik';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { createJob, deleteJob, updateJob } from './api/content';
import {
  listJobs,
  countOf,
  formatDate,
  useAdminTitle,
  useFocusFirstInvalid,
  AsyncView,
  PagedTable,
  StatusBadge,
  type FilterOption,
  FilterTabs,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import type { Job } from '@/features/admin-shell';
import { useEditableList, useEditorSave, type EditorProps } from './editable-list';
import { blankJobValues, jobBody, jobRules, jobSchema, type JobFieldRule, type JobValues } from './job-rules';
import { EditableListPage, ItemActions } from './EditableListPage';

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

type JobForm = FormikProps<JobValues>;

const FIELD_ORDER = jobRules.fields.map((f) => f.name);
const jobFieldId = (name: string) => `job-${name}`;

/** The message of a field, once the form was submitted (or the server answered). */
function errorOf(form: JobForm, name: string): string | undefined {
  const message = form.errors[name];
  return typeof message === 'string' ? message : undefined;
}

function a11y(form: JobForm, name: string) {
  const invalid = Boolean(errorOf(form, name));
  return {
    id: jobFieldId(name),
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `job-${name}-error` : undefined,
  };
}

function textOf(form: JobForm, name: string): string {
  const value = form.values[name];
  return typeof value === 'string' ? value : '';
}

function BenefitChecks({ f, form }: { f: JobFieldRule; form: JobForm }) {
  const value = form.values[f.name];
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset className="admin-checks" {...a11y(form, f.name)}>
      <legend>{f.label}</legend>
      {(f.options ?? []).map((option) => (
        <label key={option}>
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={(e) =>
              void form.setFieldValue(
                f.name,
                e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option),
              )
            }
          />{' '}
          {option}
        </label>
      ))}
    </fieldset>
  );
}

function optionLabel(f: JobFieldRule, option: string): string {
  return f.name === 'status' ? (STATUS_LABELS[option] ?? option) : option;
}

function JobSelect({ f, form }: { f: JobFieldRule; form: JobForm }) {
  const text = textOf(form, f.name);
  const options = f.options ?? [];
  return (
    <select
      {...a11y(form, f.name)}
      value={text}
      onChange={(e) => void form.setFieldValue(f.name, e.target.value)}
    >
      {f.default === undefined ? <option value="">Choose one</option> : null}
      {text && !options.includes(text) ? <option>{text}</option> : null}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(f, option)}
        </option>
      ))}
    </select>
  );
}

function JobInputField({ f, form }: { f: JobFieldRule; form: JobForm }) {
  return (
    <input
      {...a11y(form, f.name)}
      type={f.kind === 'date' ? 'date' : 'text'}
      inputMode={f.kind === 'integer' ? 'numeric' : undefined}
      placeholder={f.name === 'salaryRange' ? 'Only when no figures, e.g. Negotiable' : undefined}
      value={textOf(form, f.name)}
      onChange={(e) => void form.setFieldValue(f.name, e.target.value)}
    />
  );
}

/** The control for the rule's kind: checkboxes, a select, a text area or an input. */
function JobControl({ f, form }: { f: JobFieldRule; form: JobForm }) {
  if (f.kind === 'multiselect') return <BenefitChecks f={f} form={form} />;
  if (f.kind === 'select') return <JobSelect f={f} form={form} />;
  if (f.kind === 'longtext') {
    return (
      <textarea
        {...a11y(form, f.name)}
        rows={5}
        value={textOf(form, f.name)}
        onChange={(e) => void form.setFieldValue(f.name, e.target.value)}
      />
    );
  }
  return <JobInputField f={f} form={form} />;
}

function JobField({ f, form }: { f: JobFieldRule; form: JobForm }) {
  const full = f.kind === 'longtext' || f.kind === 'multiselect';
  const message = errorOf(form, f.name);
  return (
    <div className={full ? 'admin-field admin-field--full' : 'admin-field'}>
      {f.kind === 'multiselect' ? null : (
        <label htmlFor={jobFieldId(f.name)}>{LABELS[f.name] ?? f.label}</label>
      )}
      <JobControl f={f} form={form} />
      {message ? (
        <p className="admin-error" id={`job-${f.name}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

function JobEditor({ item: job, onSaved, onCancel }: EditorProps<Job>) {
  const schema = useMemo(() => jobSchema(), []);
  // Checked on submit only (as the server checks), the messages stay until the next submit.
  const form: JobForm = useFormik<JobValues>({
    initialValues: job ? valuesOf(job) : blankJobValues(),
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) =>
      save(
        () => (job ? updateJob(job.id, jobBody(values)) : createJob(jobBody(values))),
        job ? 'Job updated' : 'Job created',
        'Failed to save the job',
      ),
  });
  const { saving, save } = useEditorSave(onSaved, (errors) => form.setErrors(errors));
  useFocusFirstInvalid(form, FIELD_ORDER, jobFieldId);

  return (
    <section className="admin-card" aria-labelledby="job-editor-heading">
      <h2 id="job-editor-heading">{job ? `Edit: ${job.title}` : 'New job opening'}</h2>
      <form className="admin-form admin-form--grid" onSubmit={form.handleSubmit} noValidate>
        {jobRules.fields.map((f) => (
          <JobField key={f.name} f={f} form={form} />
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
  const [state, reload] = useAdminQuery({
    key: ['jobs', 'list', status, page],
    load: (signal) => listJobs(status, page, PAGE_SIZE, signal),
  });
  const invalidate = useInvalidate();
  // A saved or deleted job changes every jobs read (this list, the applications' job filter) and the
  // dashboard's count of active jobs.
  const list = useEditableList<Job>(() => invalidate(['jobs'], ['dashboard']), deleteJob, 'Job deleted');

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
