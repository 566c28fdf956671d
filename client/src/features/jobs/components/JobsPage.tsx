import { useState, type FormEvent } from 'react';
import { FilterSelect } from '@/components/ui/FilterSelect';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { constants } from '@/config/rules';
import { jobForm } from '@/generated/form-rules.json';
import { useEarlyValues } from '@/lib/early-values';
import { initialRouteData } from '@/lib/route-data';
import { useResource } from '@/lib/use-resource';
import { usePageMeta } from '@/lib/use-page-meta';
import { listJobs, type JobBoard, type JobFilters } from '../api/jobs';
import './jobs.css';

const aliases = jobForm.countryAliases as Record<string, string>;

export function countryOf(name: string): string {
  return aliases[name] ?? name;
}

function sameFilters(query: Record<string, string> | undefined, filters: JobFilters): boolean {
  return (['country', 'category', 'q'] as const).every((key) => (query?.[key] ?? '') === filters[key]);
}

type Board = JobBoard;
type BoardJob = Board['items'][number];

function filtersOf(params: URLSearchParams): JobFilters {
  return {
    country: countryOf(params.get('country') ?? ''),
    category: params.get('category') ?? '',
    q: params.get('q') ?? '',
  };
}

/** "No open jobs in Construction in Qatar matching "welder" right now". */
function noJobsTitle(filters: JobFilters): string {
  const parts = [
    filters.category ? ` in ${filters.category}` : '',
    filters.country ? ` in ${filters.country}` : '',
    filters.q ? ` matching "${filters.q}"` : '',
  ];
  return `No open jobs${parts.join('')} right now`;
}

function NoJobs({ board, filters }: { board: Board; filters: JobFilters }) {
  return (
    <div className="card jobs-empty">
      <h2>{noJobsTitle(filters)}</h2>
      <p>
        Set up a <Link to={`${paths.home}#job-alert-title`}>job alert</Link> and we will e-mail you when a
        matching job opens
        {board.totalOpen > 0 ? (
          <>
            , or{' '}
            <Link to={paths.jobs}>
              {board.totalOpen === 1 ? 'see the 1 open job' : `see all ${board.totalOpen} open jobs`}
            </Link>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}

function JobCard({ job }: { job: BoardJob }) {
  return (
    <li className="card job-card">
      <h2 className="job-card__title">
        <Link to={paths.job(job.id)}>{job.title}</Link>
      </h2>
      <p className="muted">
        {[job.city, job.country].filter(Boolean).join(', ')} · {job.category} · {job.employmentType}
      </p>
      {job.salary ? <p className="job-card__salary">{job.salary}</p> : null}
      {job.closingDate ? <p className="muted">Closes {job.closingDate}</p> : null}
    </li>
  );
}

function BoardResults({ board, filters }: { board: Board; filters: JobFilters }) {
  const where = [filters.category, filters.country ? `in ${filters.country}` : '']
    .filter(Boolean)
    .join(' jobs ');
  return (
    <>
      <p className="muted" aria-live="polite" data-testid="jobs-count">
        {board.total === 1 ? '1 open job' : `${board.total} open jobs`}
        {where ? ` · ${where}` : ''}
      </p>
      {board.items.length === 0 ? (
        <NoJobs board={board} filters={filters} />
      ) : (
        <ul className="jobs-list">
          {board.items.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </>
  );
}

function withCount(counts: Record<string, number> | undefined, name: string): string {
  return counts ? `${name} (${counts[name] ?? 0})` : name;
}

/** `/jobs`: open jobs newest first, filtered by country, category and words, with counts. */
export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [words, setWords] = useState(filters.q);
  const { pathname } = useLocation();
  // Served by the app, the page carries the board in a JSON block, with the filters it was served
  // for (src/app/pages/job_list.py, job_filters.py): used while the URL still has those filters.
  const data = initialRouteData<JobBoard>('job-list', pathname);
  const served = data && sameFilters(data.query, filters) ? data.record : undefined;
  const [state] = useResource(
    (signal) => listJobs(filters, signal),
    `${filters.country}|${filters.category}|${filters.q}`,
    served ? { data: served } : undefined,
  );
  usePageMeta(
    filters.country ? `Jobs in ${filters.country}` : 'Jobs Abroad',
    'Open overseas vacancies in the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain, Oman and more: apply online with Vandy Travel.',
  );

  const update = (changes: Partial<JobFilters>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  // A country or category picked, or words typed, while the page was still coming alive.
  useEarlyValues(['jobs-country', 'jobs-category', 'jobs-q'], (early) => {
    if (early['jobs-q'] !== undefined) setWords(early['jobs-q']);
    const picked: Partial<JobFilters> = {};
    if (early['jobs-country'] !== undefined) picked.country = countryOf(early['jobs-country']);
    if (early['jobs-category'] !== undefined) picked.category = early['jobs-category'];
    if (Object.keys(picked).length > 0) update(picked);
  });
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: words.trim() });
  };

  const board = state.status === 'success' ? state.data : null;
  const countries = constants.applicationCountries;
  const categories = constants.applicationJobCategories;

  return (
    <>
      <PageHero
        eyebrow="Vacancies"
        title="Jobs Abroad"
        lead="Open positions our recruiters are filling now. Apply online in four steps."
      />
      <section className="section section--tint">
        <div className="container">
          <form className="card jobs-filters" role="search" aria-label="Search jobs" onSubmit={onSearch}>
            <div className="field">
              <label htmlFor="jobs-q">Search</label>
              <input
                id="jobs-q"
                type="search"
                value={words}
                placeholder="e.g. nurse, driver"
                onChange={(e) => setWords(e.target.value)}
              />
            </div>
            <FilterSelect
              id="jobs-country"
              label="Country"
              value={filters.country}
              onChange={(country) => update({ country })}
              allLabel="All countries"
              options={countries}
              optionLabel={(c) => withCount(board?.countries, c)}
            />
            <FilterSelect
              id="jobs-category"
              label="Category"
              value={filters.category}
              onChange={(category) => update({ category })}
              allLabel="All categories"
              options={categories}
              optionLabel={(c) => withCount(board?.categories, c)}
            />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </form>

          {state.status === 'loading' ? <PageLoader /> : null}
          {state.status === 'error' ? (
            <p className="notice" role="alert">
              We could not load the jobs. Please try again later.
            </p>
          ) : null}
          {board ? <BoardResults board={board} filters={filters} /> : null}
        </div>
      </section>
    </>
  );
}
