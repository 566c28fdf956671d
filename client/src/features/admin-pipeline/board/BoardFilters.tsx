/** The board's filters: destination, employer, job and owner, kept in the page's address. */
import { useState, type FormEvent } from 'react';
import { listJobs } from '@/features/admin-shell';
import { useResource } from '@/lib/use-resource';
import { listAllEmployers, listStaffMembers, type BoardQuery } from '../api/board';

export interface Filters {
  destination: string;
  employer: string;
  job: string;
  owner: string;
}

export const NO_FILTERS: Filters = { destination: '', employer: '', job: '', owner: '' };

interface Option {
  value: string;
  label: string;
}

interface Choices {
  employers: Option[];
  jobs: Option[];
  owners: Option[];
}

/** The lists to choose from; a list that cannot be read is left empty (its filter shows "Any"). */
async function loadChoices(signal: AbortSignal): Promise<Choices> {
  const [employers, jobs, staff] = await Promise.all([
    listAllEmployers(signal).catch(() => ({ items: [] })),
    listJobs('', 1, 100, signal).catch(() => ({ items: [] })),
    listStaffMembers(signal).catch(() => ({ items: [] })),
  ]);
  return {
    employers: employers.items.map((e) => ({ value: e.id, label: e.company })),
    jobs: jobs.items.map((j) => ({ value: j.id, label: j.title })),
    owners: staff.items.map((m) => ({ value: m.id, label: m.name })),
  };
}

export function toQuery(filters: Filters): BoardQuery {
  return { ...filters };
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="pipeline-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {value && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
      </select>
    </div>
  );
}

export function BoardFilters({ filters, onApply }: { filters: Filters; onApply: (next: Filters) => void }) {
  const [draft, setDraft] = useState(filters);
  const [state] = useResource(loadChoices, 'pipeline-board-choices');
  const choices = state.status === 'success' ? state.data : { employers: [], jobs: [], owners: [] };
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, destination: draft.destination.trim() });
  };
  return (
    <form className="admin-card pipeline-filters" aria-label="Filter the board" onSubmit={onSubmit}>
      <div className="pipeline-filter">
        <label htmlFor="board-destination">Destination</label>
        <input
          id="board-destination"
          value={draft.destination}
          placeholder="e.g. Qatar"
          onChange={(event) => set('destination')(event.target.value)}
        />
      </div>
      <Choice
        id="board-employer"
        label="Employer"
        value={draft.employer}
        options={choices.employers}
        onChange={set('employer')}
      />
      <Choice id="board-job" label="Job" value={draft.job} options={choices.jobs} onChange={set('job')} />
      <Choice
        id="board-owner"
        label="Owner"
        value={draft.owner}
        options={choices.owners}
        onChange={set('owner')}
      />
      <div className="pipeline-filter pipeline-filter--actions">
        <button type="submit" className="admin-button admin-button--primary">
          Apply filters
        </button>
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
