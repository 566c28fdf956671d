/** A status as a coloured badge, in words. */
import { humanize } from '../lib/text';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`admin-status admin-status--${status.replace(/\s+/g, '-')}`}>{humanize(status)}</span>
  );
}
