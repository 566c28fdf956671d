import './calendar.css';
import { useState } from 'react';
import { constants } from '@/config/rules';
import { setAppointmentStatus } from '../api/appointments';
import { getAppointmentCalendar, type CalendarDay, type CalendarSlot } from '../api/appointment-calendar';
import type { Appointment } from '@/features/admin-shell';
import {
  formatDate,
  formatDateTime,
  staffTimeZone,
  runAction,
  useAdminTitle,
  AsyncView,
  FilterTabs,
  PageHeader,
  StatusBadge,
  type FilterOption,
  useConfirm,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { outcomeRequest, type AppointmentOutcome as Outcome } from '../outcome-requests';

const OFFICE_ZONE = 'Africa/Accra';
const SPANS: readonly FilterOption[] = [
  ['1', 'Day'],
  ['7', 'Week'],
];
const OUTCOMES: readonly (readonly [Outcome, string, string])[] = [
  ['attended', 'Attended', 'Appointment marked attended'],
  ['no_show', 'No-show', 'Appointment marked no-show'],
  ['cancelled', 'Cancel', 'Appointment cancelled'],
];

/** Today in the office's zone, as YYYY-MM-DD. */
export function officeToday(now: Date = new Date(), zone: string = OFFICE_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
}

/** ``day`` moved by ``days`` (calendar arithmetic on the date alone). */
export function shiftDate(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of ``day``'s week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return shiftDate(day, -((weekday + 6) % 7));
}

function BookingLine({
  booking,
  onMark,
}: {
  booking: Appointment;
  onMark: (booking: Appointment, next: Outcome) => void;
}) {
  const service = constants.serviceTypeLabels[booking.serviceType ?? ''] ?? booking.serviceType;
  return (
    <li className="admin-calendar__booking">
      <div>
        <strong>{booking.fullName}</strong> <StatusBadge status={booking.status} />
      </div>
      <div className="admin-small admin-muted">
        {booking.reference} · {service} · <a href={`tel:${booking.phone ?? ''}`}>{booking.phone}</a>
      </div>
      {booking.status === 'booked' ? (
        <div className="admin-actions">
          {OUTCOMES.map(([next, label]) => (
            <button
              key={next}
              type="button"
              className={`admin-button admin-button--small${next === 'cancelled' ? ' admin-button--danger' : ''}`}
              aria-label={`${label} ${booking.reference}`}
              onClick={() => onMark(booking, next)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function SlotRow({
  slot,
  zoneName,
  officeZone,
  changed,
  onMark,
}: {
  slot: CalendarSlot;
  zoneName: string;
  officeZone: string;
  changed: Record<string, Appointment>;
  onMark: (booking: Appointment, next: Outcome) => void;
}) {
  const bookings = slot.bookings.map((b) => changed[b.reference] ?? b);
  const staffZone = staffTimeZone();
  return (
    <tr>
      <th scope="row">
        {slot.time} {zoneName}
        {staffZone !== officeZone ? (
          <div className="admin-small admin-muted">{formatDateTime(slot.startsAt, staffZone)}</div>
        ) : null}
      </th>
      <td>
        {slot.free} of {slot.capacity} free
      </td>
      <td>
        {bookings.length ? (
          <ul className="admin-calendar__bookings">
            {bookings.map((b) => (
              <BookingLine key={b.reference} booking={b} onMark={onMark} />
            ))}
          </ul>
        ) : (
          <span className="admin-muted">No bookings</span>
        )}
      </td>
    </tr>
  );
}

function DayTable({
  day,
  zoneName,
  officeZone,
  changed,
  onMark,
}: {
  day: CalendarDay;
  zoneName: string;
  officeZone: string;
  changed: Record<string, Appointment>;
  onMark: (booking: Appointment, next: Outcome) => void;
}) {
  const booked = day.slots.reduce((n, s) => n + s.bookings.length, 0);
  return (
    <section className="admin-card" aria-labelledby={`day-${day.date}`}>
      <h2 id={`day-${day.date}`}>
        {formatDate(day.date)} {day.open ? '' : '(closed)'}
      </h2>
      {!day.open && booked === 0 ? (
        <p className="admin-muted">The office is closed on this date.</p>
      ) : (
        <table className="admin-table">
          <caption className="admin-muted">Slots of {day.date}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Seats</th>
              <th scope="col">Bookings</th>
            </tr>
          </thead>
          <tbody>
            {day.slots.map((slot) => (
              <SlotRow
                key={slot.time}
                slot={slot}
                zoneName={zoneName}
                officeZone={officeZone}
                changed={changed}
                onMark={onMark}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function AppointmentCalendarPage() {
  useAdminTitle('Calendar');
  const [span, setSpan] = useState<'1' | '7'>('1');
  const [day, setDay] = useState(() => officeToday());
  const start = span === '7' ? mondayOf(day) : day;
  const days = span === '7' ? 7 : 1;
  const [office, setOffice] = useState('');
  const [state, reload] = useAdminQuery({
    key: ['appointments', 'calendar', start, days, office],
    load: (signal) => getAppointmentCalendar(start, days, office, signal),
  });
  const invalidate = useInvalidate();
  const [changed, setChanged] = useState<Record<string, Appointment>>({});
  const { dialog, confirm } = useConfirm();

  const mark = async (booking: Appointment, next: Outcome) => {
    if (!(await confirm(outcomeRequest(booking.reference, booking.fullName, next)))) return;
    const done = OUTCOMES.find(([value]) => value === next)?.[2];
    const updated = await runAction(() => setAppointmentStatus(booking.reference, next), done);
    if (updated) {
      setChanged((current) => ({ ...current, [updated.reference]: updated }));
      // This day read again, and wherever else the booking shows (the list, the dashboard's figures).
      invalidate(['appointments'], ['dashboard']);
    }
  };

  return (
    <>
      {dialog}
      <PageHeader title="Calendar" />
      <div className="admin-calendar__toolbar">
        <FilterTabs
          label="Show a day or a week"
          options={SPANS}
          value={span}
          onChange={(value) => setSpan(value === '7' ? '7' : '1')}
        />
        <label>
          <span>Date</span>
          <input
            type="date"
            value={day}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </label>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--small"
            onClick={() => setDay(shiftDate(day, -days))}
          >
            Previous
          </button>
          <button
            type="button"
            className="admin-button admin-button--small"
            onClick={() => setDay(officeToday())}
          >
            Today
          </button>
          <button
            type="button"
            className="admin-button admin-button--small"
            onClick={() => setDay(shiftDate(day, days))}
          >
            Next
          </button>
        </div>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            {data.offices.length > 1 ? (
              <label className="admin-calendar__office">
                <span>Office</span>
                <select value={data.office.id} onChange={(event) => setOffice(event.target.value)}>
                  {data.offices.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <p className="admin-muted">
              {data.office.name} office{data.office.address ? ` (${data.office.address})` : ''} · times in{' '}
              {data.timeZone} ({data.zoneName})
            </p>
            {data.days.map((d) => (
              <DayTable
                key={d.date}
                day={d}
                zoneName={data.zoneName}
                officeZone={data.timeZone}
                changed={changed}
                onMark={(b, next) => void mark(b, next)}
              />
            ))}
          </>
        )}
      </AsyncView>
    </>
  );
}
