/** The admin fields these pages share: a labelled input or select bound to formik by name, its message under it. */
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';

/** The id of a field of the form `form` (`employer-contacts.0.name`): labels and focus find it. */
export const fieldId = (form: string, name: string): string => `${form}-${name}`;

/** The message of `name`, once the form was submitted or the field left (the server's too). */
export function useMessage(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
}

export function Message({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="admin-error" role="alert">
      {message}
    </p>
  ) : null;
}

interface FieldProps {
  form: string;
  name: string;
  label: string;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  full?: boolean;
  hint?: string;
}

export function TextField({ form, name, label, type = 'text', inputMode, full, hint }: FieldProps) {
  const [field] = useField<string>(name);
  const message = useMessage(name);
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={full ? 'admin-field admin-field--full' : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        {...field}
        value={field.value ?? ''}
        id={id}
        type={type}
        inputMode={inputMode}
        aria-invalid={message ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <small id={`${id}-hint`} className="admin-muted admin-small">
          {hint}
        </small>
      ) : null}
      <Message id={`${id}-error`} message={message} />
    </div>
  );
}

export function SelectField({
  form,
  name,
  label,
  children,
}: {
  form: string;
  name: string;
  label: string;
  children: ReactNode;
}) {
  const [field] = useField<string>(name);
  const message = useMessage(name);
  const id = fieldId(form, name);
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        {...field}
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      >
        {children}
      </select>
      <Message id={`${id}-error`} message={message} />
    </div>
  );
}

/** A save refused because someone saved meanwhile (409): the server's words, and what to do. */
export function ConflictAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="admin-alert" role="alert">
      <p>{message}</p>
      <p>The page now shows what was saved; make your change again.</p>
    </div>
  ) : null;
}
