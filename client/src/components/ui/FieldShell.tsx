import type { FieldRule } from '@/config/rules';

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

/**
 * An accessible, unvalidated field rendered from a rules.json field rule. Used by the static
 * form shells until the forms work replaces them with validated forms.
 */
export function FieldShell({
  rule,
  label,
  idPrefix,
  wide = false,
  optionLabels,
}: {
  rule: FieldRule;
  label: string;
  idPrefix: string;
  wide?: boolean;
  optionLabels?: Record<string, string>;
}) {
  const id = `${idPrefix}-${rule.name}`;
  const text = `${label}${rule.required ? ' *' : ''}`;
  const required = rule.required ? true : undefined;
  const className = wide || rule.kind === 'longtext' ? 'field field--wide' : 'field';

  if (rule.kind === 'checkbox') {
    return (
      <div className="field field--wide">
        <label className="checkbox">
          <input type="checkbox" name={rule.name} aria-required={required} /> {text}
        </label>
      </div>
    );
  }
  let control;
  switch (rule.kind) {
    case 'select':
      control = (
        <select id={id} name={rule.name} defaultValue="" aria-required={required}>
          <option value="">Select...</option>
          {(rule.options ?? []).map((o) => (
            <option key={o} value={o}>
              {optionLabels?.[o] ?? o}
            </option>
          ))}
        </select>
      );
      break;
    case 'longtext':
      control = (
        <textarea id={id} name={rule.name} rows={5} maxLength={rule.maxLength} aria-required={required} />
      );
      break;
    case 'file':
      control = (
        <>
          <input
            id={id}
            name={rule.name}
            type="file"
            accept={rule.upload?.extensions.join(',')}
            aria-required={required}
            aria-describedby={`${id}-hint`}
          />
          <small id={`${id}-hint`} className="field__hint">
            {rule.upload ? `${rule.upload.extensions.join(', ')} up to ${rule.upload.maxMegabytes}MB` : ''}
          </small>
        </>
      );
      break;
    default:
      control = (
        <input
          id={id}
          name={rule.name}
          type={
            rule.kind === 'phone'
              ? 'tel'
              : rule.kind === 'email'
                ? 'email'
                : rule.kind === 'date'
                  ? 'date'
                  : rule.kind === 'password'
                    ? 'password'
                    : 'text'
          }
          maxLength={rule.maxLength}
          autoComplete={AUTOCOMPLETE[rule.name]}
          aria-required={required}
        />
      );
  }
  return (
    <div className={className}>
      <label htmlFor={id}>{text}</label>
      {control}
    </div>
  );
}
