import { useState, type ReactNode } from 'react';
import { previewMove, type BulkAction, type BulkPreview, type BulkSelection } from './api/bulk';
import type { ApplicationStatus } from '@/features/admin-shell';
import { countOf, humanize, runAction } from '@/features/admin-shell';
import { notify } from '@/lib/notify';
import { MoveDialog } from './MoveDialog';
import { UndoPanel } from './UndoPanel';
import './bulk.css';

interface Pending {
  preview: BulkPreview;
  selection: BulkSelection;
  status: ApplicationStatus;
}

/** A status move with its confirmation and undo, for the list (many) and an application's page (one). */
export interface BulkMove {
  start: (selection: BulkSelection, status: ApplicationStatus) => Promise<void>;
  busy: boolean;
  /** The confirmation dialog and the undo panel: render it outside anything that reloads. */
  view: ReactNode;
}

export function useBulkMove(onChanged: () => void): BulkMove {
  const [pending, setPending] = useState<Pending | null>(null);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async (selection: BulkSelection, status: ApplicationStatus) => {
    setBusy(true);
    const preview = await runAction(() => previewMove(selection, status));
    setBusy(false);
    if (preview) setPending({ preview, selection, status });
  };
  const view = (
    <>
      {pending ? (
        <MoveDialog
          {...pending}
          onClose={() => setPending(null)}
          onMoved={(moved) => {
            const to = humanize(moved.status ?? '');
            const one = moved.done === 1 && moved.refused === 0;
            void notify(
              one ? `Status changed to ${to}` : `Moved ${countOf(moved.done, 'applicant')} to ${to}`,
              'success',
            );
            setPending(null);
            setAction(moved);
            onChanged();
          }}
        />
      ) : null}
      {action ? (
        <UndoPanel
          key={action.bulkId}
          action={action}
          onChanged={(undone) => {
            setAction(undone);
            onChanged();
          }}
          onDismiss={() => setAction(null)}
        />
      ) : null}
    </>
  );
  return { start, busy, view };
}
