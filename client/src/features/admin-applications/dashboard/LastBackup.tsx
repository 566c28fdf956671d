import { formatDateTime } from '@/features/admin-shell';

/** When `agency backup` last wrote an archive (the dashboard's answer); "None yet" before the first. */
export function LastBackup({ at }: { at: string | null | undefined }) {
  return (
    <p className="admin-muted" data-testid="last-backup">
      Last backup: {at ? <time dateTime={at}>{formatDateTime(at, 'UTC')}</time> : 'None yet'}
    </p>
  );
}
