import type { ConfirmRequest } from '@/features/admin-shell';

/** A booking's outcome as staff set it: each is final (the server refuses a second change). */
export type AppointmentOutcome = 'attended' | 'no_show' | 'cancelled';

const FINAL = 'This is final: the booking cannot be changed afterwards.';

/** The confirmation asked before setting a booking's outcome, on the list and on the calendar. */
export function outcomeRequest(
  reference: string,
  who: string | null,
  outcome: AppointmentOutcome,
): ConfirmRequest {
  const booking = who ? `${who}'s appointment ${reference}` : `appointment ${reference}`;
  switch (outcome) {
    case 'attended':
      return {
        title: `Mark ${reference} attended?`,
        description: `${booking} is recorded as attended. ${FINAL}`,
        confirmLabel: 'Mark attended',
      };
    case 'no_show':
      return {
        title: `Mark ${reference} no-show?`,
        description: `${booking} is recorded as a no-show. ${FINAL}`,
        confirmLabel: 'Mark no-show',
        danger: true,
      };
    case 'cancelled':
      return {
        title: `Cancel ${reference}?`,
        description: `${booking} is cancelled, its slot freed and its reminders withdrawn. ${FINAL}`,
        confirmLabel: 'Cancel the appointment',
        danger: true,
      };
  }
}
