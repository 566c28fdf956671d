import { Link } from 'react-router-dom';
import { constants } from '@/config/rules';
import { jobsAvailable } from '@/config/gulf';
import { paths } from '@/config/paths';
import { Flag } from '@/components/ui/Flag';
import { Icon } from '@/components/ui/Icon';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { Stars } from '@/components/ui/Stars';
import {
  achievements,
  getStarted,
  homeServices,
  successStories,
  testimonials,
  trustPoints,
  trustPromises,
} from '../data/home';
import './home.css';

export function Achievements() {
  return (
    <section className="achievements section--later" aria-label="Our achievements">
      <ul className="container stats-grid">
        {achievements.map((a) => (
          <li key={a.label} className="stat">
            <Icon name={a.icon} size={28} />
            <span className="stat__value">{a.value}</span>
            <span className="stat__label">{a.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GetStarted() {
  return (
    <section className="section section--later" aria-labelledby="get-started-title">
      <div className="container">
        <SectionHeader
          eyebrow="Get Started"
          title="Three Ways to Begin Your Journey"
          id="get-started-title"
        />
        <div className="card-grid card-grid--3">
          {getStarted.map((card) => (
            <article key={card.title} className="card card--feature">
              <span className="card__icon">
                <Icon name={card.icon} size={28} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <Link to={card.to} className="text-link">
                {card.cta} <Icon name="arrow" size={16} />
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function ServiceCards() {
  return (
    <section className="section section--tint section--later" aria-labelledby="home-services-title">
      <div className="container">
        <SectionHeader
          eyebrow="What We Do"
          title="Our Services"
          id="home-services-title"
          lead="Everything you need to work, travel or study abroad, handled by one experienced team."
        />
        <div className="card-grid card-grid--4">
          {homeServices.map((s) => (
            <article key={s.id} className="card card--service">
              <span className="card__icon card__icon--gradient">
                <Icon name={s.icon} size={28} />
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
              <Link to={`${paths.services}#${s.id}`} className="text-link">
                Learn More<span className="visually-hidden"> about {s.title}</span>{' '}
                <Icon name="arrow" size={16} />
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CountryCards() {
  return (
    <section className="section section--later" aria-labelledby="countries-title">
      <div className="container">
        <SectionHeader
          eyebrow="Destinations"
          title="Top Gulf Destinations"
          id="countries-title"
          lead="Open job orders and typical monthly salary ranges for skilled roles."
        />
        <ul className="country-grid">
          {constants.homeCountryCards.map((c) => (
            <li key={c.name}>
              <Link to={paths.countryPackages} className="country-card">
                <Flag country={c.name} width={60} decorative />
                <span className="country-card__body">
                  <span className="country-card__name">{c.name}</span>
                  <span className="country-card__jobs">{jobsAvailable[c.name] ?? ''} jobs</span>
                  <span className="country-card__salary">{c.salaryRange}/month</span>
                </span>
                <Icon name="arrow" size={18} className="country-card__arrow" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TrustSection() {
  return (
    <section className="section section--navy section--later" aria-labelledby="trust-title">
      <div className="container trust">
        <div>
          <SectionHeader
            light
            eyebrow="Why Trust Us"
            title="Recruitment You Can Rely On"
            id="trust-title"
            lead={`For ${constants.claims.years} years we have helped Ghanaians find safe, legal work abroad.`}
          />
          <ul className="checklist checklist--light">
            {trustPromises.map((p) => (
              <li key={p}>
                <Icon name="check" size={18} /> {p}
              </li>
            ))}
          </ul>
        </div>
        <ul className="trust-grid">
          {trustPoints.map((t) => (
            <li key={t.title} className="trust-item">
              <Icon name={t.icon} size={28} />
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Testimonials() {
  return (
    <section className="section section--tint section--later" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeader eyebrow="Testimonials" title="What Our Clients Say" id="testimonials-title" />
        <div className="card-grid card-grid--3">
          {testimonials.map((t) => (
            <figure key={t.name} className="card testimonial">
              <Stars rating={t.rating} />
              <blockquote>
                <p>“{t.story}”</p>
              </blockquote>
              <figcaption className="testimonial__person">
                <img
                  src={t.image}
                  width={56}
                  height={56}
                  alt={`Portrait of ${t.name}`}
                  loading="lazy"
                  decoding="async"
                />
                <span>
                  <strong>{t.name}</strong>
                  <span className="muted">
                    {t.role}, {t.country} <Flag country={t.country} width={18} decorative />
                  </span>
                </span>
              </figcaption>
              <dl className="testimonial__facts">
                <div>
                  <dt>Salary</dt>
                  <dd>{t.salary}</dd>
                </div>
                <div>
                  <dt>Abroad for</dt>
                  <dd>{t.duration}</dd>
                </div>
                <div>
                  <dt>Placed</dt>
                  <dd>{t.date}</dd>
                </div>
              </dl>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

export function SuccessStories() {
  return (
    <section className="section section--later" aria-labelledby="stories-title">
      <div className="container">
        <SectionHeader eyebrow="Success Stories" title="Teams We Have Placed" id="stories-title" />
        <div className="card-grid card-grid--3">
          {successStories.map((s) => (
            <article key={s.title} className="card story">
              <span className="card__icon card__icon--gold">
                <Icon name={s.icon} size={26} />
              </span>
              <p className="story__stat">{s.stat}</p>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
