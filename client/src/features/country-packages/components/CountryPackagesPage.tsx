import { Link } from 'react-router-dom';
import { Flag } from '@/components/ui/Flag';
import { Icon } from '@/components/ui/Icon';
import { PageHero } from '@/components/ui/PageHero';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { Stars } from '@/components/ui/Stars';
import { paths } from '@/config/paths';
import { classNames } from '@/lib/class-names';
import { formatUsd } from '@/lib/slug';
import { usePageMeta } from '@/lib/use-page-meta';
import { benefits, cardLimits, countryPackages } from '../data/packages';
import { IconCardGrid } from '@/components/ui/IconCardGrid';
import './country-packages.css';

export default function CountryPackagesPage() {
  usePageMeta(
    'Country Packages',
    'Recruitment packages for the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain and Oman: fees, ' +
      'processing times, salaries and what is included.',
  );
  return (
    <>
      <PageHero
        eyebrow="Country Packages"
        title="Gulf Country Job Packages"
        lead="Transparent, all-in packages for six Gulf countries: one fee, a verified job, and support from application to arrival."
      />
      <section className="section" aria-labelledby="packages-title">
        <div className="container">
          <SectionHeader eyebrow="Packages" title="Choose Your Destination" id="packages-title" />
          <div className="card-grid card-grid--3 package-grid">
            {countryPackages.map((p, i) => (
              <article
                key={p.country}
                className={classNames(
                  'card package',
                  p.popular && 'package--popular',
                  i > 0 && 'later-on-phone',
                )}
              >
                {p.popular ? <span className="badge">Most Popular</span> : null}
                <img
                  className="card__image"
                  src={p.image}
                  width={480}
                  height={240}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <header className="package__header">
                  <Flag country={p.country} width={64} decorative />
                  <div>
                    <h3>{p.fullName}</h3>
                    <span className="package__rating">
                      <Stars rating={p.rating} /> <span>{p.rating.toFixed(1)}</span>
                    </span>
                  </div>
                </header>
                <p className="muted">{p.description}</p>
                <p className="package__price">
                  {formatUsd(p.price)} <span>package fee</span>
                </p>
                <dl className="facts facts--3">
                  <div>
                    <dt>Jobs available</dt>
                    <dd>{p.jobsAvailable}</dd>
                  </div>
                  <div>
                    <dt>Salary range</dt>
                    <dd>{p.averageSalary}</dd>
                  </div>
                  <div>
                    <dt>Processing</dt>
                    <dd>{p.processingTime}</dd>
                  </div>
                </dl>
                <h4 className="small-heading">Features</h4>
                <ul className="checklist">
                  {p.features.slice(0, cardLimits.features).map((f) => (
                    <li key={f}>
                      <Icon name="check" size={16} /> {f}
                    </li>
                  ))}
                </ul>
                <h4 className="small-heading">Industries</h4>
                <ul className="tag-list" aria-label={`Industries in ${p.fullName}`}>
                  {p.industries.slice(0, cardLimits.industries).map((i) => (
                    <li key={i} className="tag">
                      {i}
                    </li>
                  ))}
                </ul>
                <h4 className="small-heading">Package includes</h4>
                <ul className="checklist checklist--gold">
                  {p.packageIncludes.slice(0, cardLimits.inclusions).map((i) => (
                    <li key={i}>
                      <Icon name="star" size={14} /> {i}
                    </li>
                  ))}
                </ul>
                <div className="package__actions">
                  <Link
                    to={paths.bookAppointment}
                    className="button button--primary"
                    aria-label={`Book Consultation for ${p.fullName}`}
                  >
                    Book Consultation
                  </Link>
                  <Link to={paths.contact} className="button button--outline">
                    Learn More<span className="visually-hidden"> about {p.fullName}</span>
                  </Link>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tint section--later" aria-labelledby="benefits-title">
        <div className="container">
          <SectionHeader eyebrow="Our Promise" title="Every Package Comes With" id="benefits-title" />
          <IconCardGrid items={benefits} columns={4} tone="gradient" />
        </div>
      </section>
    </>
  );
}
