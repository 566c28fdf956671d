/**
 * Record a document or renew the kind's current one: the kind's fields (as the server lists them)
 * and an optional scan. Checked here first (yup), then by the server: its 422 shows under the same
 * fields, a 409 (someone renewed it meanwhile) and any other refusal above the form, in its words;
 * the values stay as typed until the version is saved.
 */
import { Form, Formik, useField, useFormikContext, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useState } from 'react';
import type { ValidationError } from 'yup';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { SelectField, TextField, fieldId } from '@/features/admin-forms';
import { errorMessage, fieldErrors, useFocusFirstInvalid } from '@/features/admin-shell';
import { recordDocument, type DocumentKind, type DocumentVersion, type KindForm } from './api/documents';
import {
  SCAN_EXTENSIONS,
  documentFields,
  documentSchema,
  emptyDocument,
  type DocumentValues,
} from './document-form';

const FORM = 'document';
const idOf = (name: string) => fieldId(FORM, name);

/** A kind asked for by a "Renew" button; `at` makes the same kind asked twice a new request. */
export interface KindRequest {
  kind: DocumentKind;
  at: number;
}

function ScanField() {
  const [, meta, helpers] = useField<File | null>('file');
  const { submitCount } = useFormikContext();
  const message = submitCount > 0 && typeof meta.error === 'string' ? meta.error : undefined;
  const id = idOf('file');
  return (
    <div className="admin-field">
      <label htmlFor={id}>Scan (optional: .pdf, .jpg, .jpeg or .png, at most 5MB)</label>
      <input
        id={id}
        type="file"
        accept={SCAN_EXTENSIONS.join(',')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => void helpers.setValue(e.target.files?.[0] ?? null)}
      />
      {message ? (
        <p id={`${id}-error`} className="admin-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function Fields({
  kinds,
  current,
  request,
}: {
  kinds: KindForm[];
  current: Set<string>;
  request: KindRequest | null;
}) {
  const form = useFormikContext<DocumentValues>();
  const { values, isSubmitting, setFieldValue } = form;
  const chosen = kinds.find((k) => k.kind === values.kind);
  const order = ['kind', ...(chosen?.fields.map((f) => f.name) ?? []), 'file'];
  useFocusFirstInvalid(form, order, idOf);
  useEffect(() => {
    if (!request) return;
    void setFieldValue('kind', request.kind);
    document.getElementById(idOf('kind'))?.focus();
  }, [request, setFieldValue]);
  const renewing = chosen ? current.has(chosen.kind) : false;
  return (
    <Form className="admin-form admin-form--grid" noValidate aria-label="Record a document">
      <SelectField form={FORM} name="kind" label="Kind of document">
        <option value="">Choose a kind</option>
        {kinds.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </SelectField>
      {chosen?.fields.map((field) =>
        field.type === 'choice' ? (
          <SelectField key={field.name} form={FORM} name={field.name} label={field.label}>
            <option value="">{field.required ? 'Choose one' : 'Not given'}</option>
            {field.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={field.name}
            form={FORM}
            name={field.name}
            label={field.required ? field.label : `${field.label} (optional)`}
            type={field.type === 'date' ? 'date' : 'text'}
          />
        ),
      )}
      {chosen ? <ScanField /> : null}
      <div className="admin-actions admin-field--full">
        <button type="submit" className="admin-button admin-button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : renewing ? `Save the renewed ${chosen?.label.toLowerCase()}` : 'Save'}
        </button>
      </div>
    </Form>
  );
}

export function DocumentForm({
  applicationId,
  kinds,
  current,
  request,
  onSaved,
  onStale,
}: {
  applicationId: string;
  kinds: KindForm[];
  /** The kinds the applicant already has (a new version of one is a renewal). */
  current: Set<string>;
  request: KindRequest | null;
  onSaved: (saved: DocumentVersion) => void;
  /** A 409: someone changed the kind meanwhile; the page reads the documents again. */
  onStale: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saves, setSaves] = useState(0);
  return (
    <div>
      {refusal ? (
        <div className="admin-alert" role="alert">
          <p>{refusal}</p>
        </div>
      ) : null}
      <Formik<DocumentValues>
        key={saves}
        initialValues={emptyDocument('')}
        validateOnChange={false}
        validateOnBlur={false}
        validate={async (values): Promise<FormikErrors<DocumentValues>> => {
          try {
            await documentSchema(kinds, values.kind).validate(values, { abortEarly: false });
            return {};
          } catch (error) {
            return yupToFormErrors(error as ValidationError);
          }
        }}
        onSubmit={async (values, helpers) => {
          if (!values.kind) return;
          try {
            const saved = await recordDocument(
              applicationId,
              values.kind,
              documentFields(kinds, values),
              values.file,
            );
            setRefusal(null);
            setSaves((n) => n + 1);
            void notify(`${saved.kindLabel} saved (version ${saved.version})`, 'success');
            onSaved(saved);
          } catch (error) {
            const fields = fieldErrors(error);
            if (fields) helpers.setErrors(fields);
            const fallback = 'The document could not be saved. Please try again.';
            setRefusal(fields ? 'Please correct the highlighted fields.' : errorMessage(error, fallback));
            if (error instanceof ApiError && error.status === 409) onStale();
          }
        }}
      >
        <Fields kinds={kinds} current={current} request={request} />
      </Formik>
    </div>
  );
}
