import { HelpPanel } from '@/components/ui/HelpPanel';
import { PageHero } from '@/components/ui/PageHero';
import { constants } from '@/config/rules';
import { usePageMeta } from '@/lib/use-page-meta';
import { AppointmentForm } from './AppointmentForm';

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
          <div className="card form-card">
            <h2>Appointment Details</h2>
            <AppointmentForm />
          </div>
          <HelpPanel text="Prefer to talk first? Call one of our offices or send us a WhatsApp message." />
        </div>
      </section>
    </>
  );
}
