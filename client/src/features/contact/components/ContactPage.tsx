import { agency, formatPhone, telHref, whatsappHref } from '@/config/agency';
import { Icon } from '@/components/ui/Icon';
import { PageHero } from '@/components/ui/PageHero';
import { lazy, Suspense } from 'react';
import { whenUsed } from '@/lib/load-when-needed';
import { usePageMeta } from '@/lib/use-page-meta';
import './contact.css';

// The form and its form library load at its first use (lib/load-when-needed.ts).
const ContactForm = lazy(() =>
  whenUsed('[data-form="contact"]').then(() =>
    import('./ContactForm').then((m) => ({ default: m.ContactForm })),
  ),
);

export default function ContactPage() {
  usePageMeta(
    'Contact Us',
    `Call, WhatsApp, e-mail or visit ${agency.name} in ${agency.officeLocation}. ${agency.officeHours}.`,
  );
  const cards = [
    { icon: 'pin' as const, title: 'Visit Our Office', lines: [agency.officeLocation, 'Adum, near Kejetia'] },
    { icon: 'phone' as const, title: 'Call Us', phones: [...agency.ghanaPhones, ...agency.uaePhones] },
    {
      icon: 'mail' as const,
      title: 'Email Us',
      email: agency.email,
      lines: [`We reply within ${agency.promises.appointmentReplyWithin}`],
    },
    { icon: 'clock' as const, title: 'Office Hours', lines: [agency.officeHours, agency.emergencySupport] },
  ];
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in Touch"
        lead="Questions about jobs, visas, travel or study abroad? Our team in Kumasi and the UAE is here to help."
      />
      <section className="section" aria-label="Contact details">
        <div className="container card-grid card-grid--4">
          {cards.map((c) => (
            <article key={c.title} className="card card--center contact-card">
              <span className="card__icon card__icon--gradient">
                <Icon name={c.icon} size={24} />
              </span>
              <h2 className="h3">{c.title}</h2>
              {c.phones?.map((p) => (
                <p key={p}>
                  <a href={telHref(p)}>{formatPhone(p)}</a>
                </p>
              ))}
              {c.email ? (
                <p>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </p>
              ) : null}
              {c.lines?.map((l) => (
                <p key={l} className="muted">
                  {l}
                </p>
              ))}
            </article>
          ))}
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="contact-form-title">
        <div className="container contact-layout">
          <div className="card form-card" data-form="contact">
            <h2 id="contact-form-title">Send Us a Message</h2>
            <p className="muted">Fill in the form and we will get back to you soon.</p>
            <Suspense fallback={<div className="form-placeholder" aria-hidden="true" />}>
              <ContactForm />
            </Suspense>
          </div>
          <div className="contact-side">
            <section className="card" aria-labelledby="quick-title">
              <h2 id="quick-title" className="h3">
                Quick Contact
              </h2>
              <div className="quick-links">
                <a
                  className="button button--whatsapp"
                  href={whatsappHref()}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <Icon name="whatsapp" size={20} /> WhatsApp
                </a>
                <a className="button button--primary" href={telHref(agency.ghanaPhones[0] ?? '')}>
                  <Icon name="phone" size={18} /> Call Now
                </a>
                <a className="button button--outline" href={`mailto:${agency.email}`}>
                  <Icon name="mail" size={18} /> Email
                </a>
              </div>
            </section>
            <section className="card map-card" aria-labelledby="map-title">
              <h2 id="map-title" className="h3">
                Our Office Location
              </h2>
              <div
                className="map-placeholder"
                role="img"
                aria-label={`Map placeholder: office in ${agency.officeLocation}`}
              >
                <Icon name="pin" size={36} />
                <span>{agency.officeLocation}</span>
              </div>
            </section>
            <section className="card help-card" aria-labelledby="help-title">
              <h2 id="help-title" className="h3">
                We Are Here to Help
              </h2>
              <ul className="checklist">
                <li>
                  <Icon name="headset" size={18} /> 24/7 support for candidates abroad
                </li>
                <li>
                  <Icon name="language" size={18} /> We speak English, Arabic and French
                </li>
                <li>
                  <Icon name="users" size={18} /> A dedicated account manager for employers
                </li>
              </ul>
            </section>
          </div>
        </div>
      </section>
    </>
  );
}
