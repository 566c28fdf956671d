import type { FormikProps } from 'formik';

/** A labelled formik textarea: its message under it (role="alert", linked by aria-describedby),
 * and how many characters are left. */
export function TextAreaField<V extends Record<string, string>>({
  form,
  name,
  id,
  label,
  maxLength,
  rows = 4,
}: {
  form: FormikProps<V>;
  name: keyof V & string;
  id: string;
  label: string;
  maxLength: number;
  rows?: number;
}) {
  const value = form.values[name] ?? '';
  const message = form.errors[name];
  const shown = form.touched[name] || form.submitCount > 0;
  const error = shown && typeof message === 'string' ? message : undefined;
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="admin-field admin-field--full">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
      />
      <p id={counterId} className="admin-muted admin-small">
        {value.length} / {maxLength} characters
      </p>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
