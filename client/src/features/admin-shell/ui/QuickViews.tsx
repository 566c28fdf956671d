import { FilterTabs } from './FilterTabs';

/** Today / New / Unread (and All) as toggle buttons; `options` from api/views.ts. */
export function QuickViews({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [string, string])[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-quick-views" data-testid="quick-views">
      <FilterTabs label={label} options={options} value={value} onChange={onChange} />
    </div>
  );
}
