export type FilterOption = readonly [value: string, label: string];

/** A group of toggle buttons that filter a list by one value (e.g. status). */
export function FilterTabs({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-tabs" role="group" aria-label={label}>
      {options.map(([option, text]) => (
        <button
          key={text}
          type="button"
          className="admin-button admin-button--small"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
