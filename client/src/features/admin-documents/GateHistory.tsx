/**
 * A gate's changes (who, when, before and after; newest first) and the removal of a destination's
 * own gate, on the version read: it follows the default again (audited by the server).
 */
import { useState } from 'react';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/lib/notify';
import { AsyncView, DataTable, errorMessage, formatDateTime, useConfirm } from '@/features/admin-shell';
import {
  getGateChanges,
  removeGate,
  type GateAnswer,
  type GateChange,
  type GateSettings,
} from './api/documents';

const settingsText = (settings: GateSettings | null): string =>
  settings
    ? `passport ${settings.passportMonths} months, medical ${settings.medicalValidityDays} days, ` +
      `police clearance ${settings.policeClearanceValidityDays} days, ${settings.checks.length} checks`
    : 'the default';

export function RemoveGate({
  answer,
  onRemoved,
}: {
  answer: GateAnswer;
  onRemoved: (after: GateAnswer) => void;
}) {
  const { dialog, confirm } = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!answer.destination || answer.own === null) return null;
  const remove = async () => {
    const asked = await confirm({
      title: `Remove ${answer.destination}'s own gate?`,
      description: `${answer.destination} then follows the default gate. The change is kept in its history.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!asked) return;
    try {
      const after = await removeGate(answer.destination, answer.version);
      setRefusal(null);
      void notify(`${answer.destination} follows the default gate`, 'success');
      onRemoved(after);
    } catch (error) {
      setRefusal(errorMessage(error, 'The gate could not be removed. Please try again.'));
    }
  };
  return (
    <>
      {dialog}
      {refusal ? (
        <div className="admin-alert" role="alert">
          <p>{refusal}</p>
        </div>
      ) : null}
      <button type="button" className="admin-button admin-button--danger" onClick={() => void remove()}>
        {`Remove ${answer.destination}'s own gate`}
      </button>
    </>
  );
}

export function GateHistory({ destination, version }: { destination: string; version: number }) {
  const [state, reload] = useResource(getGateChanges, `gate-changes-${version}`);
  const mine = (change: GateChange) => change.destination.toLowerCase() === destination.toLowerCase();
  return (
    <AsyncView state={state} onRetry={reload}>
      {(changes) => (
        <DataTable
          caption="Changes of this gate, newest first"
          columns={['When', 'Who', 'Before', 'After']}
          items={changes.filter(mine)}
          empty="No changes yet."
          row={(change) => (
            <tr key={change.version}>
              <td>{formatDateTime(change.at)}</td>
              <td>{change.actor}</td>
              <td>{settingsText(change.before)}</td>
              <td>{settingsText(change.after)}</td>
            </tr>
          )}
        />
      )}
    </AsyncView>
  );
}
