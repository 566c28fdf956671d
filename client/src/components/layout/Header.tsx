import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { agency, formatPhone, telHref } from '@/config/agency';
import { mainNav, paths } from '@/config/paths';
import { Icon } from '@/components/ui/Icon';
import { LogoMark } from '@/components/ui/Logo';
import { classNames } from '@/lib/class-names';
import { useDialogBehaviour } from '@/lib/use-dialog-behaviour';
import './layout.css';

export function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const firstGhana = agency.ghanaPhones[0] ?? '';

  useEffect(() => setOpen(false), [location.pathname]);

  const navRef = useDialogBehaviour<HTMLElement>({ open, onClose: () => setOpen(false) });

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <a href={telHref(firstGhana)}>
            <Icon name="phone" size={14} /> {formatPhone(firstGhana)}
          </a>
          <a href={`mailto:${agency.email}`}>
            <Icon name="mail" size={14} /> {agency.email}
          </a>
          <span className="topbar__hours">
            <Icon name="clock" size={14} /> {agency.officeHours}
          </span>
        </div>
      </div>
      <div className="container navbar">
        <Link to={paths.home} className="brand">
          <LogoMark />
          <span className="brand__text">
            <span className="brand__title">{agency.title}</span>
            <span className="brand__subtitle">{agency.subtitle}</span>
          </span>
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="primary-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? 'close' : 'menu'} />
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav
          ref={navRef}
          id="primary-nav"
          className={open ? 'primary-nav primary-nav--open' : 'primary-nav'}
          aria-label="Main"
        >
          <ul>
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === paths.home}
                  className={({ isActive }) =>
                    classNames(
                      item.cta
                        ? `button button--sm button--${item.cta === 'primary' ? 'gold' : 'outline'}`
                        : 'nav-link',
                      isActive && 'is-active',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
