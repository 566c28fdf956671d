import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { confirmMessage, previewMessage, type BulkPreview, type BulkSelection } from './api/bulk';
import {
  errorMessage,
  fieldErrors,
  applicationFilter,
  countOf,
  runAction,
  useAdminTitle,
  BackLink,
  PageHeader,
  filtersFrom,
} from '@/features/admin-shell';
import { notify } from '@/lib/notify';
import { partsSummary } from './parts';
import './bulk.css';
import { ScrollList } from './ScrollList';
import { matchingSelection } from './selection';

const MAX_LENGTH = 459;
const schema = yup.object({
  text: yup
    .string()
    .trim()
    .required('Message is required')
    .max(MAX_LENGTH, `Message must be at most ${MAX_LENGTH} characters (three SMS parts)`),
});
type Values = yup.InferType<typeof schema>;

/** Who the message goes to: the applicants picked on the list, else everyone its filter matches. */
function useRecipients(): { selection: BulkSelection; describe: string; back: string } {
  const [params] = useSearchParams();
  const state = useLocation().state as { applicationIds?: unknown } | null;
  const back = `/admin/applications${params.toString() ? `?${params.toString()}` : ''}`;
  if (state && Array.isArray(state.applicationIds) && state.applicationIds.length > 0) {
    const ids = state.applicationIds.filter((id): id is string => typeof id === 'string');
    return {
      selection: { applicationIds: ids },
      describe: `${countOf(ids.length, 'selected applicant')}`,
      back,
    };
  }
  const filters = filtersFrom(params);
  const named = Object.entries(applicationFilter(filters)).map(([key, value]) => `${key}: ${value}`);
  const describe = named.length ? `every application matching ${named.join(', ')}` : 'every application';
  return { selection: matchingSelection(filters), describe, back };
}

/** Issue 23's message to many: write once, preview (recipients, parts), confirm; each gets it once. */
export default function BulkMessagePage() {
  useAdminTitle('Message to many');
  const navigate = useNavigate();
  const { selection, describe, back } = useRecipients();
  const [preview, setPreview] = useState<{ text: string; result: BulkPreview } | null>(null);
  const [sending, setSending] = useState(false);

  const onPreview = async (values: Values, helpers: FormikHelpers<Values>) => {
    try {
      const result = await previewMessage(selection, values.text);
      setPreview({ text: values.text, result });
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors) helpers.setErrors({ text: Object.values(errors).join(' ') });
      else void notify(errorMessage(error), 'error');
    }
  };
  const send = async () => {
    if (!preview) return;
    setSending(true);
    const action = await runAction(
      () => confirmMessage(selection, preview.text, preview.result.bulkId),
      'Message queued for every recipient',
    );
    setSending(false);
    if (action) void navigate(`/admin/bulk/${encodeURIComponent(action.bulkId)}`);
  };

  return (
    <>
      <BackLink to={back} label="Back to the list" />
      <PageHeader title="Message to many" />
      <p>To: {describe}.</p>
      <Formik<Values> initialValues={{ text: '' }} validationSchema={schema} onSubmit={onPreview}>
        {(form) => (
          <form className="admin-card" noValidate onSubmit={form.handleSubmit}>
            <div className="admin-field">
              <label htmlFor="bulk-text">Message</label>
              <textarea
                id="bulk-text"
                name="text"
                rows={5}
                value={form.values.text}
                onChange={(event) => {
                  form.handleChange(event);
                  setPreview(null);
                }}
                onBlur={form.handleBlur}
                aria-describedby="bulk-text-hint bulk-text-error"
                aria-invalid={Boolean(form.touched.text && form.errors.text)}
              />
              <p id="bulk-text-hint" className="admin-muted admin-small">
                {'{name}'} is replaced by each applicant&apos;s name. {form.values.text.length} characters.
              </p>
              <p id="bulk-text-error" className="field-error" role="alert">
                {form.touched.text && form.errors.text ? form.errors.text : ''}
              </p>
            </div>
            <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
              Preview
            </button>
          </form>
        )}
      </Formik>
      {preview ? (
        <section className="admin-card" aria-labelledby="bulk-preview-title">
          <h2 id="bulk-preview-title">Preview</h2>
          <p data-testid="message-summary">
            {countOf(preview.result.count, 'recipient')}, {partsSummary(preview.result)}.
          </p>
          <ScrollList className="bulk-preview-list" label="Messages">
            {preview.result.items
              .filter((item) => !item.error)
              .slice(0, 5)
              .map((item) => (
                <li key={item.applicationId}>
                  <strong>{item.name || item.applicationId}</strong>{' '}
                  <span className="admin-muted admin-small">{countOf(item.parts, 'part')}</span>
                  <blockquote className="bulk-sms">{item.text}</blockquote>
                </li>
              ))}
          </ScrollList>
          {preview.result.refused > 0 ? (
            <>
              <h3>Left out ({preview.result.refused})</h3>
              <ScrollList className="bulk-refused" label="Left out">
                {preview.result.items
                  .filter((item) => item.error)
                  .map((item) => (
                    <li key={item.applicationId}>
                      {item.applicationId}: {item.error}
                    </li>
                  ))}
              </ScrollList>
            </>
          ) : null}
          <button
            type="button"
            className="admin-button admin-button--primary"
            disabled={sending || preview.result.count === 0}
            onClick={() => void send()}
          >
            Send to {countOf(preview.result.count, 'applicant')}
          </button>
        </section>
      ) : null}
    </>
  );
}
