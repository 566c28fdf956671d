import { Link } from 'react-router-dom';
import { Flag } from '@/components/ui/Flag';
import { Icon } from '@/components/ui/Icon';
import { PageHero } from '@/components/ui/PageHero';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { paths } from '@/config/paths';
import { classNames } from '@/lib/class-names';
import { usePageMeta } from '@/lib/use-page-meta';
import { destinations, studyReasons, studyServices } from '../data/destinations';
import { IconCardGrid } from '@/components/ui/IconCardGrid';
import './study-abroad.css';

export default function StudyAbroadPage() {
  usePageMeta(
    'Study Abroad',
    'Study in the UK, USA, Canada, Germany, Australia, Turkey, Belgium, Qatar, China or Japan with admission and student visa support.',
  );
  return (
    <>
      <PageHero
        eyebrow="Study Abroad"
        title="Study at the World’s Best Universities"
        lead="Ten destinations, indicative yearly tuition and expert help with admission, student visas and travel."
      >
        <Link to={paths.bookAppointment} className="button button--gold">
          Book Consultation
        </Link>
        <Link to={paths.contact} className="button button--ghost-light">
          Contact Us
        </Link>
      </PageHero>
      <section className="section" aria-labelledby="destinations-title">
        <div className="container">
          <SectionHeader
            eyebrow="Destinations"
            title="Choose Your Study Destination"
            id="destinations-title"
            lead="Tuition ranges are indicative yearly fees; scholarships can reduce them."
          />
          <div className="card-grid card-grid--2 destination-grid">
            {destinations.map((d, i) => (
              <article key={d.name} className={classNames('card destination', i > 0 && 'later-on-phone')}>
                <img
                  className="card__image"
                  src={d.image}
                  width={480}
                  height={240}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <header className="destination__header">
                  <Flag country={d.name} width={54} decorative />
                  <div>
                    <h3>{d.name}</h3>
                    <p className="muted">{d.description}</p>
                  </div>
                </header>
                <dl className="facts">
                  <div>
                    <dt>Tuition per year</dt>
                    <dd>{d.tuitionRange}</dd>
                  </div>
                  <div>
                    <dt>Duration</dt>
                    <dd>{d.duration}</dd>
                  </div>
                </dl>
                <h4 className="small-heading">Highlights</h4>
                <ul className="checklist">
                  {d.highlights.map((h) => (
                    <li key={h}>
                      <Icon name="check" size={16} /> {h}
                    </li>
                  ))}
                </ul>
                <h4 className="small-heading">Popular courses</h4>
                <ul className="tag-list" aria-label={`Popular courses in ${d.name}`}>
                  {d.popularCourses.map((c) => (
                    <li key={c} className="tag">
                      {c}
                    </li>
                  ))}
                </ul>
                <Link
                  to={paths.bookAppointment}
                  className="button button--primary button--block"
                  aria-label={`Apply Now for ${d.name}`}
                >
                  Apply Now
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tint section--later" aria-labelledby="why-study-title">
        <div className="container">
          <SectionHeader eyebrow="Why Study Abroad" title="Reasons to Study Abroad" id="why-study-title" />
          <IconCardGrid items={studyReasons} columns={4} tone="gradient" />
        </div>
      </section>
      <section className="section section--later" aria-labelledby="study-services-title">
        <div className="container">
          <SectionHeader eyebrow="How We Help" title="Our Study Abroad Services" id="study-services-title" />
          <IconCardGrid items={studyServices} columns={4} tone="gold" />
          <div className="button-row button-row--center">
            <Link to={paths.bookAppointment} className="button button--primary button--lg">
              Book Consultation
            </Link>
            <Link to={paths.contact} className="button button--outline button--lg">
              Contact
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
