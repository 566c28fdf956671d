/**
 * The jobs of the board linked to an order: link one, unlink one, publish a linked draft. The server's
 * refusals (an order without its approval, a closed order) are shown as it words them.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import {
  AsyncView,
  DataTable,
  StatusBadge,
  errorMessage,
  listJobs,
  useConfirm,
  type Job,
} from '@/features/admin-shell';
import { notify } from '@/lib/notify';
import { linkJob, listJobLinks, publishJob, unlinkJob, type JobLink, type Order } from './api/orders';

interface Board {
  jobs: Job[];
  links: JobLink[];
}

async function loadBoard(signal: AbortSignal): Promise<Board> {
  const [jobs, links] = await Promise.all([listJobs('', 1, 100, signal), listJobLinks(signal)]);
  return { jobs: jobs.items, links };
}

function LinkForm({ free, onLink }: { free: Job[]; onLink: (jobId: string) => Promise<void> }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  if (free.length === 0)
    return (
      <p className="admin-muted">
        No job on the board is free to link: each is linked to an order already, or there are none.
      </p>
    );
  return (
    <form
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        setBusy(true);
        void onLink(chosen).finally(() => {
          setBusy(false);
          setChosen('');
        });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Job to link
      </label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">Choose a job to link</option>
        {free.map((job) => (
          <option key={job.id} value={job.id}>
            {`${job.title} (${job.status})`}
          </option>
        ))}
      </select>
      <button type="submit" className="admin-button admin-button--primary" disabled={busy || !chosen}>
        Link job
      </button>
    </form>
  );
}

export function JobsSection({ order, onChanged }: { order: Order; onChanged: () => Promise<void> }) {
  const [state, reload] = useResource(loadBoard, `board:${order.id}:${order.jobIds.join(',')}`);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { dialog, confirm } = useConfirm();
  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      setRefusal(null);
      void notify(success, 'success');
      await onChanged();
      reload();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  const unlink = async (job: Job) => {
    const yes = await confirm({
      title: `Unlink “${job.title}”?`,
      description: 'The job stays on the board; it no longer counts towards this order.',
      confirmLabel: 'Unlink',
    });
    if (yes) await act(() => unlinkJob(job.id), 'Job unlinked');
  };
  return (
    <section className="admin-card" aria-labelledby="order-jobs">
      <h2 id="order-jobs">Jobs on the board</h2>
      {refusal ? (
        <div className="admin-alert" role="alert">
          <p>{refusal}</p>
        </div>
      ) : null}
      <AsyncView state={state} onRetry={reload}>
        {({ jobs, links }) => {
          const linked = jobs.filter((job) => order.jobIds.includes(job.id));
          const taken = new Set(links.map((l) => l.jobId));
          return (
            <>
              <DataTable
                caption="Jobs linked to this order"
                hiddenCaption
                columns={['Job', 'Status', 'Actions']}
                items={linked}
                empty="No job is linked to this order."
                row={(job) => (
                  <tr key={job.id}>
                    <th scope="row">
                      <Link to="/admin/jobs">{job.title}</Link>
                    </th>
                    <td>
                      <StatusBadge status={job.status} />
                    </td>
                    <td className="admin-actions">
                      {job.status === 'open' ? null : (
                        <button
                          type="button"
                          className="admin-button admin-button--small"
                          onClick={() => void act(() => publishJob(job), 'Job published')}
                        >
                          {`Publish ${job.title}`}
                        </button>
                      )}
                      <button
                        type="button"
                        className="admin-button admin-button--ghost admin-button--small"
                        onClick={() => void unlink(job)}
                      >
                        {`Unlink ${job.title}`}
                      </button>
                    </td>
                  </tr>
                )}
              />
              <LinkForm
                free={jobs.filter((job) => !taken.has(job.id))}
                onLink={(jobId) => act(() => linkJob(jobId, order.id), 'Job linked')}
              />
            </>
          );
        }}
      </AsyncView>
      {dialog}
    </section>
  );
}
