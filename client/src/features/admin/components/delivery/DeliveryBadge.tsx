import './delivery.css';
import type { SmsRecord } from '../../api/types';

export type DeliveryState = SmsRecord['delivery'];

/** What staff read for each state of a text (the gateway's delivery reports move it forward only). */
export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  pending: 'Pending',
  sent: 'Sent, awaiting report',
  delivered: 'Delivered',
  failed: 'Not delivered',
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
        className={`admin-status admin-status--${state === 'sent' ? 'queued' : state}`}
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
