import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './cta-banner.css';

export function CtaBanner({
  title,
  text,
  primary = { label: 'Enroll Now', to: paths.apply },
  secondary = { label: 'Contact Us', to: paths.contact },
}: {
  title: string;
  text: string;
  primary?: { label: string; to: string };
  secondary?: { label: string; to: string };
}) {
  return (
    <section className="cta-banner" aria-labelledby="cta-title">
      <div className="container cta-banner__inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="button-row">
          <Link className="button button--gold" to={primary.to}>
            {primary.label}
          </Link>
          <Link className="button button--ghost-light" to={secondary.to}>
            {secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
