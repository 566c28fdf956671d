import { Link } from 'react-router-dom';
import { CtaBanner } from '@/components/ui/CtaBanner';
import { Icon } from '@/components/ui/Icon';
import { PageHero } from '@/components/ui/PageHero';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { paths } from '@/config/paths';
import { classNames } from '@/lib/class-names';
import { usePageMeta } from '@/lib/use-page-meta';
import { additionalServices, mainServices, reasons } from '../data/services';
import { IconCardGrid } from '@/components/ui/IconCardGrid';
import './services.css';

export default function ServicesPage() {
  usePageMeta(
    'Our Services',
    'Overseas recruitment, visa services, travel arrangements and corporate recruitment for the Gulf and beyond.',
  );
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title="Complete Recruitment and Travel Solutions"
        lead="One experienced team for jobs abroad, visas, travel and corporate hiring."
      >
        <Link to={paths.apply} className="button button--gold">
          Enroll Now
        </Link>
        <Link to={paths.bookAppointment} className="button button--ghost-light">
          Book Now
        </Link>
      </PageHero>
      <nav className="container service-tabs" aria-label="Services on this page">
        {mainServices.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="chip chip--link">
            <Icon name={s.icon} size={16} /> {s.title}
          </a>
        ))}
      </nav>
      {mainServices.map((s, i) => (
        <section
          key={s.id}
          id={s.id}
          className={classNames('section', i % 2 === 1 && 'section--tint', i > 0 && 'section--later')}
          aria-labelledby={`${s.id}-title`}
        >
          <div className="container service-detail">
            <div>
              <span className="card__icon card__icon--gradient">
                <Icon name={s.icon} size={30} />
              </span>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              <p className="lead">{s.summary}</p>
              <h3 className="small-heading">What is included</h3>
              <ul className="checklist checklist--2col">
                {s.features.map((f) => (
                  <li key={f}>
                    <Icon name="check" size={18} /> {f}
                  </li>
                ))}
              </ul>
              <Link
                to={paths.apply}
                className="button button--primary"
                aria-label={`Get Started with ${s.title}`}
              >
                Get Started <Icon name="arrow" size={18} />
              </Link>
            </div>
            <div className="card process">
              <h3 className="small-heading">Our process</h3>
              <ol className="process__steps">
                {s.process.map((step, n) => (
                  <li key={step}>
                    <span className="process__num" aria-hidden="true">
                      {n + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </section>
      ))}
      <section className="section section--tint section--later" aria-labelledby="additional-title">
        <div className="container">
          <SectionHeader eyebrow="More Support" title="Additional Services" id="additional-title" />
          <IconCardGrid items={additionalServices} columns={3} tone="gold" />
        </div>
      </section>
      <section className="section section--later" aria-labelledby="reasons-title">
        <div className="container">
          <SectionHeader eyebrow="Why Choose Us" title="Why Choose Vandy Travel" id="reasons-title" />
          <IconCardGrid items={reasons} columns={4} tone="gradient" />
        </div>
      </section>
      <CtaBanner
        title="Ready to Get Started?"
        text="Apply online in minutes or book a free consultation with a specialist."
      />
    </>
  );
}
