import { useFormik } from 'formik';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  fieldErrors,
  useFocusFirstInvalid,
  formatDateTime,
  useAdminTitle,
  AsyncView,
  PageHeader,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import {
  getTemplate,
  listTemplates,
  previewTemplate,
  restoreTemplate,
  saveTemplate,
  type TemplateDetail,
  type TemplatePreview,
  type TemplateSummary,
} from '../api/templates';
import { templateSchema, type TemplateValues } from './template-rules';

const PREVIEW_DELAY_MS = 250;
const TEXT_FIELD = ['text'];
const textFieldId = () => 'template-text';

function TemplateListView({ items }: { items: TemplateSummary[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Message</th>
            <th scope="col">Channel</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <td>
                <Link to={`?key=${encodeURIComponent(item.key)}`}>{item.label}</Link>
              </td>
              <td>{item.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
              <td>{item.edited ? `Edited (version ${item.version})` : 'Default'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The server's preview of `text`, asked again a moment after the last keystroke. */
function usePreview(key: string, text: string): TemplatePreview | null {
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      previewTemplate(key, text).then(
        (found) => {
          if (live) setPreview(found);
        },
        () => undefined,
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [key, text]);
  return preview;
}

function PreviewPanel({ preview }: { preview: TemplatePreview | null }) {
  if (!preview) return <p className="admin-muted">Preparing the preview...</p>;
  const facts = [
    preview.encoding ? `Encoding: ${preview.encoding}` : null,
    preview.parts !== null ? `${preview.parts} SMS ${preview.parts === 1 ? 'part' : 'parts'}` : null,
    `${preview.characters} characters`,
  ].filter(Boolean);
  return (
    <section className="admin-card" aria-labelledby="template-preview-title">
      <h3 className="h3" id="template-preview-title">
        Preview at the longest values
      </h3>
      <p className="admin-small" data-testid="template-facts" aria-live="polite">
        {facts.join(' · ')}
      </p>
      {preview.warning ? (
        <p className="admin-alert" role="status">
          {preview.warning}
        </p>
      ) : null}
      <pre className="admin-message-body" data-testid="template-rendered">
        {preview.text}
      </pre>
    </section>
  );
}

function Versions({ detail, onRestore }: { detail: TemplateDetail; onRestore: (version: number) => void }) {
  return (
    <section className="admin-card" aria-labelledby="template-versions-title">
      <h3 className="h3" id="template-versions-title">
        Versions
      </h3>
      {detail.versions.length === 0 ? (
        <p className="admin-muted">The default text is in force; nothing was saved yet.</p>
      ) : (
        <ol className="admin-form">
          {detail.versions.map((v) => (
            <li key={v.version}>
              <p className="admin-small">
                Version {v.version} · {v.author} · {formatDateTime(v.createdAt)}
                {v.restoredFrom ? ` · restores version ${v.restoredFrom}` : ''}
                {v.version === detail.version ? ' · in force' : ''}
              </p>
              <pre className="admin-message-body">{v.text}</pre>
              {v.version !== detail.version ? (
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  onClick={() => onRestore(v.version)}
                >
                  Restore version {v.version}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {detail.edited ? (
        <button type="button" className="admin-button admin-button--ghost" onClick={() => onRestore(0)}>
          Restore the default text
        </button>
      ) : null}
    </section>
  );
}

function TemplateEditor({ initial }: { initial: TemplateDetail }) {
  const [detail, setDetail] = useState(initial);
  const invalidate = useInvalidate();
  const schema = useMemo(() => templateSchema(initial.channel), [initial.channel]);
  // Checked on submit (as the server checks); a keystroke clears the message, the preview then speaks.
  const form = useFormik<TemplateValues>({
    initialValues: { text: initial.text },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ text }, helpers) => {
      try {
        apply(await saveTemplate(detail.key, text), 'Template saved');
      } catch (failure) {
        helpers.setErrors({
          text: fieldErrors(failure)?.text ?? errorMessage(failure, 'Failed to save the template'),
        });
      }
    },
  });
  useFocusFirstInvalid(form, TEXT_FIELD, textFieldId);
  const text = form.values.text;
  const preview = usePreview(detail.key, text);
  const shownError = form.errors.text ?? (preview?.error || '');

  const fieldProps = {
    value: text,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': shownError ? 'template-text-error' : 'template-text-hint',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      void form.setFieldValue('text', e.target.value);
      form.setErrors({});
    },
  };

  const apply = (saved: TemplateDetail, message: string) => {
    setDetail(saved);
    form.resetForm({ values: { text: saved.text } });
    void notify(message, 'success');
    // The list's "changed" marks and this template's versions (the editor keeps its state).
    invalidate(['templates']);
  };

  const onRestore = async (version: number) => {
    try {
      apply(
        await restoreTemplate(detail.key, version),
        version ? `Version ${version} restored` : 'Default restored',
      );
    } catch (failure) {
      void notify(errorMessage(failure, 'Failed to restore the template'), 'error');
    }
  };

  return (
    <div className="admin-grid">
      <form className="admin-form admin-card" onSubmit={form.handleSubmit} noValidate>
        <div className="admin-field admin-field--full">
          <label htmlFor="template-text">Text of “{detail.label}”</label>
          {detail.oneLine ? (
            // A subject is a mail header: one line, so no Enter key that would add a line break.
            <input id="template-text" {...fieldProps} />
          ) : (
            <textarea id="template-text" rows={8} {...fieldProps} />
          )}
          <p className="admin-muted admin-small" id="template-text-hint">
            Placeholders: {detail.placeholders.map((p) => `{${p.name}}`).join(', ') || 'none'}. A line whose
            optional placeholder is empty is left out.
          </p>
          {shownError ? (
            <p className="admin-error" id="template-text-error">
              {shownError}
            </p>
          ) : null}
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Saving...' : 'Save template'}
          </button>
          <Link className="admin-button admin-button--ghost" to="/admin/templates">
            All templates
          </Link>
        </div>
      </form>
      <PreviewPanel preview={preview} />
      <Versions detail={detail} onRestore={(v) => void onRestore(v)} />
    </div>
  );
}

function EditTemplate({ templateKey }: { templateKey: string }) {
  const [state, retry] = useAdminQuery({
    key: ['templates', templateKey],
    load: (signal) => getTemplate(templateKey, signal),
  });
  return (
    <AsyncView state={state} onRetry={retry}>
      {(detail) => <TemplateEditor key={`${detail.key}-${detail.version}`} initial={detail} />}
    </AsyncView>
  );
}

function AllTemplates() {
  const [state, retry] = useAdminQuery({ key: ['templates', 'list'], load: listTemplates });
  return (
    <AsyncView state={state} onRetry={retry}>
      {(list) => <TemplateListView items={list.items} />}
    </AsyncView>
  );
}

export default function TemplatesPage() {
  useAdminTitle('Message templates');
  const [params] = useSearchParams();
  const key = params.get('key');
  return (
    <>
      <PageHeader title="Message templates" />
      <p className="admin-muted">
        The words of every SMS and e-mail the site sends. A saved text is used at once; every version is kept
        and can be restored.
      </p>
      {key ? <EditTemplate templateKey={key} /> : <AllTemplates />}
    </>
  );
}
