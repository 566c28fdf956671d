import { useState } from 'react';
import './notes.css';
import { listStaff, setOwner, type StaffMember } from './api/notes';
import { runAction, useAdminQuery, useInvalidate } from '@/features/admin-shell';

/** The staff members an applicant can be given to (null while loading or when it failed). */
export function useStaff(): StaffMember[] | null {
  const [staff] = useAdminQuery({ key: ['staff'], load: listStaff });
  return staff.status === 'success' ? staff.data.items : null;
}

/** Who looks after the applicant: a staff member or nobody; a change is saved (and audited) at once. */
export function OwnerSelect({
  applicationId,
  ownerId,
  ownerName,
  label = 'Owner',
  hideLabel = false,
  staff,
  onChange,
}: {
  applicationId: string;
  ownerId: string;
  /** The name kept with the owner (shown even if they are no longer staff). */
  ownerName: string;
  label?: string;
  hideLabel?: boolean;
  staff: StaffMember[] | null;
  onChange?: (ownerId: string) => void;
}) {
  const [current, setCurrent] = useState(ownerId);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();
  const id = `owner-${applicationId}`;
  const members = staff ?? [];
  const change = async (next: string) => {
    setBusy(true);
    const saved = await runAction(
      () => setOwner(applicationId, next),
      next ? 'Owner saved' : 'Owner removed',
    );
    setBusy(false);
    if (saved) {
      setCurrent(saved.ownerId);
      onChange?.(saved.ownerId);
      // The owner shows in the lists ("My applications") and on the applicant's page.
      invalidate(['applications']);
    }
  };
  return (
    <div className="admin-field admin-owner">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        value={current}
        disabled={busy || staff === null}
        onChange={(event) => void change(event.target.value)}
      >
        <option value="">Nobody</option>
        {current && !members.some((member) => member.id === current) ? (
          <option value={current}>{current === ownerId ? ownerName : current}</option>
        ) : null}
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </div>
  );
}
