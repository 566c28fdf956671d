interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, the empty value: "All countries". */
  allLabel: string;
  options: readonly string[];
  optionLabel?: (value: string) => string;
  /** The field wrapper's class: the public form's `field` or the admin area's `admin-field`. */
  className?: string;
}

/** A labelled `<select>` that narrows a list: "All …" (empty) or one of `options`. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
  optionLabel = (option) => option,
  className = 'field',
}: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
