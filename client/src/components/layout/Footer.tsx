import { Link } from 'react-router-dom';
import { agency, formatPhone, telHref } from '@/config/agency';
import { footerQuickLinks, legalLinks, paths } from '@/config/paths';
import { Icon } from '@/components/ui/Icon';
import { LogoMark } from '@/components/ui/Logo';
import { useLegal } from '@/lib/legal';
import './layout.css';

const footerServices = [
  { label: 'Overseas Recruitment', to: `${paths.services}#recruitment` },
  { label: 'Visa Services', to: `${paths.services}#visa` },
  { label: 'Travel Arrangements', to: `${paths.services}#travel` },
  { label: 'Corporate Recruitment', to: `${paths.services}#corporate` },
  { label: 'Study Abroad', to: paths.studyAbroad },
  { label: 'Country Packages', to: paths.countryPackages },
];

export function Footer() {
  const year = new Date().getFullYear();
  const legal = useLegal();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <div className="brand brand--footer">
            <LogoMark size={44} />
            <span className="brand__text">
              <span className="brand__title" id="footer-about">
                {agency.title}
              </span>
              <span className="brand__subtitle">{agency.subtitle}</span>
            </span>
          </div>
          <p className="footer-text">
            Licensed overseas recruitment, visa, travel and study-abroad services from {agency.officeLocation}{' '}
            and the UAE. {agency.claims.placements} placements in {agency.claims.countries} countries.
          </p>
        </section>
        <FooterLinks id="footer-quick" title="Quick Links" links={footerQuickLinks} />
        <FooterLinks id="footer-services" title="Our Services" links={footerServices} />
        <section className="later-on-phone" aria-labelledby="footer-contact">
          <h2 className="footer-heading" id="footer-contact">
            Contact Us
          </h2>
          <ul className="footer-list footer-contact">
            <li>
              <Icon name="pin" size={16} /> Office: {agency.officeLocation}
            </li>
            <li>
              <Icon name="mail" size={16} /> <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </li>
            <li className="footer-phones">
              <Icon name="phone" size={16} />
              <span>
                <span className="footer-label">Ghana:</span>{' '}
                {agency.ghanaPhones.map((p, i) => (
                  <span key={p}>
                    {i > 0 ? ', ' : ''}
                    <a href={telHref(p)}>{formatPhone(p)}</a>
                  </span>
                ))}
              </span>
            </li>
            <li className="footer-phones">
              <Icon name="phone" size={16} />
              <span>
                <span className="footer-label">UAE:</span>{' '}
                {agency.uaePhones.map((p, i) => (
                  <span key={p}>
                    {i > 0 ? ', ' : ''}
                    <a href={telHref(p)}>{formatPhone(p)}</a>
                  </span>
                ))}
              </span>
            </li>
            <li>
              <Icon name="clock" size={16} /> Office hours: {agency.officeHours}, {agency.emergencySupport}
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-bottom later-on-phone">
        <div className="container footer-bottom__inner">
          <p>
            © {year} {agency.name}. All rights reserved.
          </p>
          {legal ? (
            <p className="footer-registration" data-testid="footer-registration">
              Labour Department licence: {legal.labourLicence} · Data Protection Commission registration:{' '}
              {legal.dataProtectionRegistration}
            </p>
          ) : null}
          <ul className="legal-links" aria-label="Legal">
            {legalLinks.map((link) => (
              <li key={link.label}>
                <Link className="legal-link" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav className="later-on-phone" aria-labelledby={id}>
      <h2 className="footer-heading" id={id}>
        {title}
      </h2>
      <ul className="footer-list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
