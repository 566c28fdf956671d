import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router-dom';
import { agency, formatPhone, telHref } from '@/config/agency';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/Icon';
import './home.css';

/**
 * Hero with a muted looping background video that stays paused for reduced-motion users. The
 * video starts from the effect, once the page is hydrated and usable; its poster is the paint.
 */
export function HomeHero() {
  // The poster is the hero's first paint (the LCP candidate): fetch it with the HTML, not after.
  preload('/images/hero-poster.webp', { as: 'image', fetchPriority: 'high' });
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      if (query.matches) video.pause();
      else void video.play?.()?.catch(() => undefined);
    };
    apply();
    query.addEventListener?.('change', apply);
    return () => query.removeEventListener?.('change', apply);
  }, []);

  const phone = agency.ghanaPhones[0] ?? '';
  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        ref={videoRef}
        className="hero__video"
        muted
        loop
        playsInline
        preload="none"
        poster="/images/hero-poster.webp"
        width={1280}
        height={720}
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
      </video>
      <div className="hero__overlay" />
      <div className="container hero__inner">
        <p className="eyebrow eyebrow--light">Kumasi · Dubai · Since 2009</p>
        <h1 id="hero-title">
          Your Gateway to <span className="text-gold">Global Careers</span>
        </h1>
        <p className="hero__lead">
          {agency.name} connects Ghanaian talent with verified employers across the Gulf and beyond, with
          visa, travel and study-abroad support from application to arrival.
        </p>
        <div className="button-row">
          <Link to={paths.apply} className="button button--gold button--lg">
            Enroll Now <Icon name="arrow" size={18} />
          </Link>
          <Link to={paths.bookAppointment} className="button button--ghost-light button--lg">
            Book Now
          </Link>
        </div>
        <ul className="hero__contacts">
          <li>
            <a href={telHref(phone)}>
              <Icon name="phone" size={18} /> {formatPhone(phone)}
            </a>
          </li>
          <li>
            <a href={`mailto:${agency.email}`}>
              <Icon name="mail" size={18} /> {agency.email}
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
