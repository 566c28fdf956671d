import { Link } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { paths } from '@/config/paths';
import { useLegal, type LegalFacts } from '@/lib/legal';
import { usePageMeta } from '@/lib/use-page-meta';
import './legal.css';

export function LegalFactsList({ facts }: { facts: LegalFacts }) {
  return (
    <dl className="legal-facts">
      <dt>Legal name</dt>
      <dd>{facts.legalName}</dd>
      <dt>Address</dt>
      <dd>{facts.address}</dd>
      <dt>Data Protection Commission registration</dt>
      <dd data-testid="dpc-registration">{facts.dataProtectionRegistration}</dd>
      <dt>Labour Department licence</dt>
      <dd data-testid="labour-licence">{facts.labourLicence}</dd>
      <dt>Data requests</dt>
      <dd>
        <a href={`mailto:${facts.dataRequestContact}`}>{facts.dataRequestContact}</a>
      </dd>
    </dl>
  );
}

/** /privacy: the privacy notice (Ghana's Data Protection Act, 2012, Act 843); its facts come from the server's settings. */
export default function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    'How Vandy Travel collects, uses, keeps and protects your personal data, and how to ask for it or have it erased.',
  );
  const facts = useLegal();
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Privacy Policy"
        lead="How we handle your personal data, as Ghana's Data Protection Act, 2012 (Act 843) expects."
      />
      <section className="section">
        <div className="container legal-page">
          {facts === null ? (
            <p role="status">Loading...</p>
          ) : (
            <>
              <p className="muted">Version {facts.privacyNoticeVersion}</p>
              <h2>Who we are</h2>
              <p>
                {facts.legalName} is the data controller for the personal data you give us on this website and
                at our offices.
              </p>
              <LegalFactsList facts={facts} />
              <h2>What we collect and why</h2>
              <ul>
                <li>
                  Job applications: your contact details, background, passport details, CV, passport copy and
                  photo, to find you work abroad and to process your visa.
                </li>
                <li>
                  Appointments and contact messages: your name, e-mail, phone and message, to answer you.
                </li>
                <li>Newsletter and job alerts: your e-mail and interests, to send you what you asked for.</li>
              </ul>
              <p>
                We process this data with your consent, given when you submit a form, and to take the steps
                you ask for. Each submission records the version of this notice you accepted and when.
              </p>
              <h2>How long we keep it</h2>
              <ul data-testid="retention">
                <li>
                  Documents (CV, passport copy, photo) of applications that were rejected, or that stayed
                  unanswered: {facts.retention.documentsDays} days.
                </li>
                <li>Contact messages: {facts.retention.messagesDays} days.</li>
                <li>Appointments: {facts.retention.appointmentsDays} days.</li>
                <li>Job alerts: {facts.retention.alertsDays} days.</li>
              </ul>
              <h2>How we protect it</h2>
              <p>
                Uploaded documents are kept on our servers and opened only by our staff, who sign in to a
                private admin area. Every time staff open an application or download a document it is
                recorded.
              </p>
              <h2>Your rights</h2>
              <p>
                You may ask for a copy of everything we hold about you, ask us to correct it, or ask us to
                erase it. Write to{' '}
                <a href={`mailto:${facts.dataRequestContact}`}>{facts.dataRequestContact}</a> from the e-mail
                or phone number you used. You can also complain to the Data Protection Commission of Ghana.
              </p>
              <p>
                You can check the status of an application at any time on{' '}
                <Link to={paths.track}>Track Your Application</Link>.
              </p>
              <h2 id="cookies">Cookies</h2>
              <p>
                The public site sets no tracking or advertising cookies. Staff who sign in get a session
                cookie and a security cookie that are needed for the admin area only.
              </p>
              <p>
                See also our <Link to={paths.terms}>Terms of Service</Link>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
