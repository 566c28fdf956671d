import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { constants } from '@/config/rules';
import {
  listAppointments,
  setAppointmentStatus,
  appointmentsExportHref,
  APPOINTMENT_VIEWS,
} from './api/appointments';
import type { Appointment } from '@/features/admin-shell';
import {
  countOf,
  formatDate,
  formatDateTime,
  runAction,
  useAdminTitle,
  AsyncView,
  FilterTabs,
  PageHeader,
  PagedTable,
  StatusBadge,
  type FilterOption,
  QuickViews,
  useConfirm,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { outcomeRequest, type AppointmentOutcome } from './outcome-requests';

const PAGE_SIZE = 20;
const STATUS_TABS: readonly FilterOption[] = [
  ['booked', 'Booked'],
  ['attended', 'Attended'],
  ['no_show', 'No-show'],
  ['cancelled', 'Cancelled'],
  ['', 'All'],
];
const OUTCOME_DONE: Record<AppointmentOutcome, string> = {
  attended: 'Appointment marked attended',
  no_show: 'Appointment marked no-show',
  cancelled: 'Appointment cancelled',
};
const serviceLabel = (value: string) => constants.serviceTypeLabels[value] ?? value;

export default function AppointmentsPage() {
  useAdminTitle('Appointments');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') ?? '';
  const [status, setStatus] = useState(view ? '' : 'booked');
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery({
    key: ['appointments', 'list', status, page, view],
    load: (signal) => listAppointments(status, page, PAGE_SIZE, signal, view),
  });
  const invalidate = useInvalidate();
  const [changed, setChanged] = useState<Record<string, Appointment>>({});
  const { dialog, confirm } = useConfirm();

  const mark = async (appointment: Appointment, next: AppointmentOutcome) => {
    if (!(await confirm(outcomeRequest(appointment.reference, appointment.fullName, next)))) return;
    const updated = await runAction(
      () => setAppointmentStatus(appointment.reference, next),
      OUTCOME_DONE[next],
    );
    if (!updated) return;
    setChanged((current) => ({ ...current, [updated.reference]: updated }));
    // The calendar and the dashboard's day figures show it too (this list shows the answer).
    invalidate(['appointments', 'calendar'], ['dashboard']);
  };

  return (
    <>
      {dialog}
      <PageHeader title="Appointments">
        <a className="admin-button" href={appointmentsExportHref(status, view)} download>
          Export CSV
        </a>
      </PageHeader>
      <QuickViews
        label="Quick views of appointments"
        options={APPOINTMENT_VIEWS}
        value={view}
        onChange={(next) => {
          setParams(next ? { view: next } : {});
          setStatus('');
          setPage(1);
          setChanged({});
        }}
      />
      <FilterTabs
        label="Filter appointments by status"
        options={STATUS_TABS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
          setChanged({});
        }}
      />
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <PagedTable
              data={data}
              label="Appointments"
              onPage={setPage}
              caption={`${countOf(data.total, 'appointment')}, by preferred date`}
              columns={['Date and time', 'Client', 'Service', 'Country', 'Message', 'Status', 'Actions']}
              empty="No appointments."
              row={(original) => {
                const item = changed[original.reference] ?? original;
                return (
                  <tr key={item.reference}>
                    <th scope="row">
                      {item.startsAt ? (
                        formatDateTime(item.startsAt)
                      ) : (
                        <>
                          {formatDate(item.preferredDate)}
                          <div>{item.preferredTime}</div>
                        </>
                      )}
                      <div className="admin-muted admin-small">{item.reference}</div>
                    </th>
                    <td>
                      <div>{item.fullName}</div>
                      <div className="admin-small">
                        <a href={`mailto:${item.email}`}>{item.email}</a>
                      </div>
                      <div className="admin-small">
                        <a href={`tel:${item.phone}`}>{item.phone}</a>
                      </div>
                    </td>
                    <td>{serviceLabel(item.serviceType ?? '')}</td>
                    <td>{item.countryOfInterest || '—'}</td>
                    <td className="admin-small">{item.message || '—'}</td>
                    <td>
                      <StatusBadge status={item.status} />
                    </td>
                    <td>
                      {item.status === 'booked' ? (
                        <div className="admin-actions">
                          <button
                            type="button"
                            className="admin-button admin-button--small admin-button--primary"
                            aria-label={`Mark ${item.reference} attended`}
                            onClick={() => void mark(item, 'attended')}
                          >
                            Attended
                          </button>
                          <button
                            type="button"
                            className="admin-button admin-button--small"
                            aria-label={`Mark ${item.reference} no-show`}
                            onClick={() => void mark(item, 'no_show')}
                          >
                            No-show
                          </button>
                          <button
                            type="button"
                            className="admin-button admin-button--small admin-button--danger"
                            aria-label={`Cancel ${item.reference}`}
                            onClick={() => void mark(item, 'cancelled')}
                          >
                            Cancel
                          </button>
                        </div>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              }}
            />
          </section>
        )}
      </AsyncView>
    </>
  );
}
