/** The admin fields these pages share: a labelled input or select bound to formik by name, its message under it. */
import { FieldArray, useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import './forms.css';

/** The message of a required field left empty (the server's words). */
export const REQUIRED = 'This field is required';

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

/** A label, the control, its hint and its message: what every field of these forms is. */
function Labelled(props: {
  id: string;
  label: string;
  message: string | undefined;
  full?: boolean;
  hint?: string;
  children: (described: string | undefined) => ReactNode;
}) {
  const { id, label, message, full, hint } = props;
  const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={full ? 'admin-field admin-field--full' : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      {props.children(described || undefined)}
      {hint ? (
        <small id={`${id}-hint`} className="admin-muted admin-small">
          {hint}
        </small>
      ) : null}
      <Message id={`${id}-error`} message={message} />
    </div>
  );
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
  return (
    <Labelled id={id} label={label} message={message} full={full} hint={hint}>
      {(described) => (
        <input
          {...field}
          value={field.value ?? ''}
          id={id}
          type={type}
          inputMode={inputMode}
          aria-invalid={message ? true : undefined}
          aria-describedby={described}
        />
      )}
    </Labelled>
  );
}

export function SelectField(props: { form: string; name: string; label: string; children: ReactNode }) {
  const [field] = useField<string>(props.name);
  const message = useMessage(props.name);
  const id = fieldId(props.form, props.name);
  return (
    <Labelled id={id} label={props.label} message={message}>
      {(described) => (
        <select {...field} id={id} aria-invalid={message ? true : undefined} aria-describedby={described}>
          {props.children}
        </select>
      )}
    </Labelled>
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

/** A list of fieldsets (contacts, positions): each removable while there are more than one, and one more added. */
export function Repeated({
  form,
  name,
  noun,
  count,
  blank,
  children,
}: {
  form: string;
  name: string;
  noun: string;
  count: number;
  blank: () => unknown;
  children: (index: number) => ReactNode;
}) {
  const message = useMessage(name);
  const word = noun.toLowerCase();
  return (
    <FieldArray name={name}>
      {(array) => (
        <>
          {Array.from({ length: count }, (_, index) => (
            <fieldset key={index} className="admin-field admin-field--full employer-contact">
              <legend>{`${noun} ${index + 1}`}</legend>
              {children(index)}
              {count > 1 ? (
                <button
                  type="button"
                  className="admin-button admin-button--ghost admin-button--small"
                  onClick={() => array.remove(index)}
                >
                  {`Remove ${word} ${index + 1}`}
                </button>
              ) : null}
            </fieldset>
          ))}
          <Message id={fieldId(form, `${name}-error`)} message={message} />
          <div className="admin-field--full">
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => array.push(blank())}
            >
              {`Add a ${word}`}
            </button>
          </div>
        </>
      )}
    </FieldArray>
  );
}
