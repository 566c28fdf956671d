import './delivery.css';
import type { SmsRecord } from '@/features/admin-shell';

export type DeliveryState = SmsRecord['delivery'];

/** What staff read for each state of a message (the server derives the state: a text's reports move it
 * forward only, an e-mail has none, and a withdrawn message was taken back on purpose). */
export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  pending: 'Queued',
  sent: 'Sent, awaiting report',
  emailed: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  withdrawn: 'Withdrawn',
};

/** The badge's colour: red only for a real failure; a withdrawn message stays neutral. */
const DELIVERY_TONES: Record<DeliveryState, string> = {
  pending: 'queued',
  sent: 'queued',
  emailed: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  withdrawn: 'withdrawn',
};

export const NOT_DELIVERED_IN_TIME = 'Not delivered in time';

/** A text's delivery state, with the "not delivered in time" flag when it is raised. */
export function DeliveryBadge({
  sms,
}: {
  sms: Pick<SmsRecord, 'delivery' | 'notDeliveredInTime' | 'reportStatus'>;
}) {
  const state = sms.delivery;
  return (
    <span className="admin-delivery" data-testid="sms-delivery" data-state={state}>
      <span
        className={`admin-status admin-status--${DELIVERY_TONES[state]}`}
        title={sms.reportStatus ? `Gateway report: ${sms.reportStatus}` : undefined}
      >
        {DELIVERY_LABELS[state]}
      </span>
      {sms.notDeliveredInTime ? (
        <span className="admin-status admin-status--failed" data-testid="sms-late">
          {NOT_DELIVERED_IN_TIME}
        </span>
      ) : null}
    </span>
  );
}
