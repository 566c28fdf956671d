import { HelpPanel } from '@/components/ui/HelpPanel';
import { PageHero } from '@/components/ui/PageHero';
import { constants } from '@/config/rules';
import { lazy, Suspense } from 'react';
import { whenUsed } from '@/lib/load-when-needed';
import { usePageMeta } from '@/lib/use-page-meta';

// The form and its form library load at its first use (lib/load-when-needed.ts).
const AppointmentForm = lazy(() =>
  whenUsed('[data-form="appointment"]').then(() =>
    import('./AppointmentForm').then((m) => ({ default: m.AppointmentForm })),
  ),
);

export default function BookAppointmentPage() {
  usePageMeta(
    'Book an Appointment',
    'Book a free consultation about overseas jobs, visas, travel or study abroad, in Kumasi or online.',
  );
  return (
    <>
      <PageHero
        eyebrow="Book Now"
        title="Book a Consultation"
        lead={
          `Choose a service, date and time. We confirm every appointment within ` +
          `${constants.promises.appointmentReplyWithin} and send a reminder ` +
          `${constants.promises.appointmentReminderBefore} before.`
        }
      />
      <section className="section section--tint">
        <div className="container form-layout">
          <div className="card form-card" data-form="appointment">
            <h2>Appointment Details</h2>
            <Suspense fallback={<div className="form-placeholder" aria-hidden="true" />}>
              <AppointmentForm />
            </Suspense>
          </div>
          <HelpPanel text="Prefer to talk first? Call one of our offices or send us a WhatsApp message." />
        </div>
      </section>
    </>
  );
}
