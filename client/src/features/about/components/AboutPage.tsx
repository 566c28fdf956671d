import { CtaBanner } from '@/components/ui/CtaBanner';
import { Icon } from '@/components/ui/Icon';
import { PageHero } from '@/components/ui/PageHero';
import { SectionHeader } from '@/components/ui/SectionHeader';
import { constants } from '@/config/rules';
import { usePageMeta } from '@/lib/use-page-meta';
import { aboutStats, awards, milestones, team, values } from '../data/about';
import { IconCardGrid } from '@/components/ui/IconCardGrid';
import './about.css';

export default function AboutPage() {
  usePageMeta(
    'About Us',
    `Since 2009, ${constants.agencyName} has placed ${constants.claims.placements} candidates ` +
      `with employers in ${constants.claims.countries} countries.`,
  );
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Connecting Ghanaian Talent with the World"
        lead={
          `For over ${constants.claims.years} years, ${constants.agencyName} has helped job seekers, ` +
          `students and employers move with confidence.`
        }
      />
      <section className="section" aria-label="Key figures">
        <ul className="container stats-grid stats-grid--6">
          {aboutStats.map((s) => (
            <li key={s.label} className="stat stat--card">
              <span className="stat__value">{s.value}</span>
              <span className="stat__label">{s.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="section section--tint" aria-labelledby="mission-title">
        <div className="container two-col">
          <article className="card card--feature">
            <span className="card__icon card__icon--gradient">
              <Icon name="target" size={28} />
            </span>
            <h2 id="mission-title">Our Mission</h2>
            <p>
              To connect skilled and hard-working people from Ghana and West Africa with safe, legal and
              rewarding work abroad, and to support them at every step: from the first consultation to the
              first pay cheque.
            </p>
          </article>
          <article className="card card--feature">
            <span className="card__icon card__icon--gold">
              <Icon name="eye" size={28} />
            </span>
            <h2>Our Vision</h2>
            <p>
              To be the most trusted recruitment and travel agency in West Africa, known by employers for the
              quality of our candidates and by candidates for our honesty and care.
            </p>
          </article>
        </div>
      </section>
      <section className="section section--later" aria-labelledby="values-title">
        <div className="container">
          <SectionHeader eyebrow="What Drives Us" title="Our Values" id="values-title" />
          <IconCardGrid items={values} columns={4} tone="gradient" />
        </div>
      </section>
      <section className="section section--tint section--later" aria-labelledby="journey-title">
        <div className="container">
          <SectionHeader eyebrow="Our Journey" title="Milestones 2009-2024" id="journey-title" />
          <ol className="timeline">
            {milestones.map((m) => (
              <li key={m.year} className="timeline__item">
                <span className="timeline__year">{m.year}</span>
                <div className="timeline__body">
                  <h3>{m.title}</h3>
                  <p>{m.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section--later" aria-labelledby="team-title">
        <div className="container">
          <SectionHeader eyebrow="Our People" title="Meet the Team" id="team-title" />
          <div className="card-grid card-grid--4">
            {team.map((p) => (
              <article key={p.name} className="card card--center team-card">
                <img
                  src={p.image}
                  width={120}
                  height={120}
                  alt={`Portrait of ${p.name}`}
                  loading="lazy"
                  decoding="async"
                />
                <h3>{p.name}</h3>
                <p className="team-card__role">{p.role}</p>
                <p>{p.bio}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--navy section--later" aria-labelledby="awards-title">
        <div className="container">
          <SectionHeader light eyebrow="Recognition" title="Awards" id="awards-title" />
          <ul className="awards-grid">
            {awards.map((a) => (
              <li key={a.title} className="award">
                <Icon name="award" size={30} />
                <span className="award__year">{a.year}</span>
                <h3>{a.title}</h3>
                <p>{a.by}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBanner
        title="Join Thousands of Successful Candidates"
        text="Start your application today or book a free consultation with our team."
      />
    </>
  );
}
