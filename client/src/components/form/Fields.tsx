/**
 * Accessible formik fields rendered from a rules.json field rule: a label for every control,
 * the message under the field linked by aria-describedby and announced with role="alert".
 */
import { useField, useFormikContext, type FieldInputProps } from 'formik';
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldRule } from '@/config/rules';
import { checkFile } from '@/lib/forms/schema-from-rules';
import { useFieldIds, type FormStatus } from './form-context';
import './form.css';

const AUTOCOMPLETE: Record<string, string> = {
  name: 'name',
  fullName: 'name',
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  city: 'address-level2',
  country: 'country-name',
};

/** The message to show under `name`: the client's once touched (or after a submit), else the server's. */
export function useFieldMessage(name: string) {
  const [, meta] = useField(name);
  const form = useFormikContext<Record<string, unknown>>();
  const { submitCount, setStatus } = form;
  const serverErrors = (form.status as FormStatus | undefined)?.serverErrors;
  const server = serverErrors?.[name];
  const client = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  const clearServer = () => {
    if (!server || !serverErrors) return;
    const rest = { ...serverErrors };
    delete rest[name];
    setStatus({ ...(form.status as FormStatus | undefined), serverErrors: rest });
  };
  return { message: client ?? server, clearServer };
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function labelText(label: string, rule: FieldRule) {
  return (
    <>
      {label}
      {rule.required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
}

interface BaseProps {
  rule: FieldRule;
  label: string;
  wide?: boolean;
  hint?: ReactNode;
}

function withClearing(field: FieldInputProps<unknown>, clear: () => void) {
  return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    clear();
    field.onChange(event);
  };
}

const INPUT_TYPES: Partial<Record<FieldRule['kind'], string>> = {
  phone: 'tel',
  email: 'email',
  date: 'date',
  password: 'password',
};

interface ControlProps {
  rule: FieldRule;
  common: Record<string, unknown>;
  optionLabels?: Record<string, string>;
  min?: string;
  placeholder?: string;
  /** Options shown but not choosable (a full or past appointment slot), their text unchanged. */
  disabledOptions?: ReadonlySet<string>;
}

function SelectControl({ rule, common, optionLabels, disabledOptions }: ControlProps) {
  return (
    <select {...common}>
      <option value="">Select...</option>
      {(rule.options ?? []).map((option) => (
        <option key={option} value={option} disabled={disabledOptions?.has(option)}>
          {optionLabels?.[option] ?? option}
        </option>
      ))}
    </select>
  );
}

function InputControl({ rule, common, min, placeholder }: ControlProps) {
  return (
    <input
      {...common}
      type={INPUT_TYPES[rule.kind] ?? 'text'}
      maxLength={rule.kind === 'date' ? undefined : rule.maxLength}
      autoComplete={AUTOCOMPLETE[rule.name]}
      min={min}
      placeholder={placeholder}
    />
  );
}

/** The control for the rule's kind: a select, a text area or an input of the right type. */
function RuleControl(props: ControlProps) {
  if (props.rule.kind === 'select') return <SelectControl {...props} />;
  if (props.rule.kind === 'longtext')
    return (
      <textarea {...props.common} rows={5} maxLength={props.rule.maxLength} placeholder={props.placeholder} />
    );
  return <InputControl {...props} />;
}

function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <small id={id} className="field__hint">
      {hint}
    </small>
  ) : null;
}

/** Text, e-mail, phone, date, long text and select fields. */
export function RuleField({
  rule,
  label,
  wide = false,
  hint,
  ...controlProps
}: BaseProps & Omit<ControlProps, 'rule' | 'common'>) {
  const [field] = useField<string>(rule.name);
  const { id, errorId, hintId } = useFieldIds(rule.name);
  const { message, clearServer } = useFieldMessage(rule.name);
  const common = {
    id,
    name: rule.name,
    value: field.value ?? '',
    onChange: withClearing(field, clearServer),
    onBlur: field.onBlur,
    'aria-required': rule.required ? true : undefined,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy(hint ? hintId : undefined, message && errorId),
  } as const;
  return (
    <div className={wide || rule.kind === 'longtext' ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{labelText(label, rule)}</label>
      <RuleControl rule={rule} common={common} {...controlProps} />
      <FieldHint id={hintId} hint={hint} />
      <FieldMessage id={errorId} message={message} />
    </div>
  );
}

/** One checkbox (a boolean value). */
export function CheckboxField({
  rule,
  label,
  onToggle,
  after,
}: BaseProps & { onToggle?: (checked: boolean) => void; after?: ReactNode }) {
  const [field, , helpers] = useField<boolean>(rule.name);
  const { id, errorId } = useFieldIds(rule.name);
  const { message, clearServer } = useFieldMessage(rule.name);
  return (
    <div className="field field--wide">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={rule.name}
          checked={field.value === true}
          onChange={(event) => {
            clearServer();
            void helpers.setValue(event.target.checked);
            onToggle?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          aria-required={rule.required ? true : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />{' '}
        <span>{labelText(label, rule)}</span>
      </label>
      {after}
      <FieldMessage id={errorId} message={message} />
    </div>
  );
}

/** A single choice shown as radio cards (e.g. the appointment's service type). */
export function RadioGroupField({
  rule,
  label,
  optionLabels,
}: BaseProps & { optionLabels?: Record<string, string> }) {
  const [field, , helpers] = useField<string>(rule.name);
  const { id, errorId } = useFieldIds(rule.name);
  const { message, clearServer } = useFieldMessage(rule.name);
  return (
    <fieldset
      className="field field--wide radio-cards"
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
    >
      <legend>{labelText(label, rule)}</legend>
      {(rule.options ?? []).map((option, index) => (
        <label key={option} className="radio-card" htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="radio"
            name={rule.name}
            value={option}
            checked={field.value === option}
            onChange={() => {
              clearServer();
              void helpers.setValue(option);
            }}
            onBlur={() => void helpers.setTouched(true)}
          />
          <span>{optionLabels?.[option] ?? option}</span>
        </label>
      ))}
      <FieldMessage id={errorId} message={message} />
    </fieldset>
  );
}

/** A multi-select shown as a group of checkboxes (string[] value). */
export function CheckboxGroupField({ rule, label }: BaseProps) {
  const [field, , helpers] = useField<string[]>(rule.name);
  const { id, errorId } = useFieldIds(rule.name);
  const { message, clearServer } = useFieldMessage(rule.name);
  const selected = Array.isArray(field.value) ? field.value : [];
  return (
    <fieldset
      className="checkbox-group"
      aria-describedby={message ? errorId : undefined}
      aria-invalid={message ? true : undefined}
    >
      <legend>
        {label}
        {rule.required ? '' : ' (optional)'}
      </legend>
      {(rule.options ?? []).map((option, index) => (
        <label key={option} className="checkbox" htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="checkbox"
            name={rule.name}
            value={option}
            checked={selected.includes(option)}
            onChange={(event) => {
              clearServer();
              void helpers.setValue(
                event.target.checked ? [...selected, option] : selected.filter((item) => item !== option),
              );
            }}
          />{' '}
          {option}
        </label>
      ))}
      <FieldMessage id={errorId} message={message} />
    </fieldset>
  );
}

/** The upload hint of a file rule, e.g. "Accepted: .pdf, .doc, .docx (max 5MB)". */
export function uploadHint(rule: FieldRule): string {
  return rule.upload
    ? `Accepted: ${rule.upload.extensions.join(', ')} (max ${rule.upload.maxMegabytes}MB)`
    : '';
}

/** A file input: checks extension and size as soon as a file is picked. */
export function FileField({ rule, label }: BaseProps) {
  const [field, , helpers] = useField<File | null>(rule.name);
  const { id, errorId, hintId } = useFieldIds(rule.name);
  const { message, clearServer } = useFieldMessage(rule.name);
  const { setFieldTouched } = useFormikContext();
  const picked = field.value instanceof File ? field.value : null;
  return (
    <div className="field">
      <label htmlFor={id}>{labelText(label, rule)}</label>
      <input
        id={id}
        type="file"
        name={rule.name}
        accept={rule.upload?.extensions.join(',')}
        aria-required={rule.required ? true : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(hintId, message && errorId)}
        onChange={(event) => {
          clearServer();
          const file = event.target.files?.[0] ?? null;
          void helpers.setValue(file, true).then(() => setFieldTouched(rule.name, true, true));
        }}
      />
      <small id={hintId} className="field__hint">
        {uploadHint(rule)}
        {picked && !checkFile(rule, picked) ? ` - selected: ${picked.name}` : ''}
      </small>
      <FieldMessage id={errorId} message={message} />
    </div>
  );
}

/** The honeypot: off-screen and hidden from assistive technology; people never fill it. */
export function Honeypot() {
  const [field] = useField<string>('website');
  const { id } = useFieldIds('website');
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={field.value ?? ''}
        onChange={field.onChange}
      />
    </div>
  );
}
