import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { LogoMark } from '@/components/ui/Logo';
import { Icon, type IconName } from '@/components/ui/Icon';
import { useDialogBehaviour } from '@/lib/use-dialog-behaviour';
import { AdminLoading } from '../session/RequireAdmin';
import { useAdminSession } from '../session/session';

interface SideItem {
  label: string;
  to: string;
  icon: IconName;
  end?: boolean;
}

/** Spec order (Dashboard, Applications, Jobs, Messages, Blog Posts, Settings, Logout), plus extras after Messages. */
export const SIDEBAR: SideItem[] = [
  { label: 'Dashboard', to: '/admin', icon: 'home', end: true },
  { label: 'Applications', to: '/admin/applications', icon: 'file' },
  { label: 'Jobs', to: '/admin/jobs', icon: 'briefcase' },
  { label: 'Messages', to: '/admin/messages', icon: 'mail' },
  { label: 'Appointments', to: '/admin/appointments', icon: 'calendar' },
  { label: 'Calendar', to: '/admin/calendar', icon: 'calendar' },
  { label: 'Employers', to: '/admin/employers', icon: 'building' },
  { label: 'Job orders', to: '/admin/job-orders', icon: 'file' },
  { label: 'Pipeline', to: '/admin/pipeline', icon: 'users' },
  { label: 'Departure gates', to: '/admin/departure-gates', icon: 'shield' },
  { label: 'Welfare', to: '/admin/welfare', icon: 'shield' },
  { label: 'Subscribers', to: '/admin/subscribers', icon: 'users' },
  { label: 'Templates', to: '/admin/templates', icon: 'mail' },
  { label: 'Newsletter', to: '/admin/newsletter', icon: 'mail' },
  { label: 'Phones to confirm', to: '/admin/phones-to-confirm', icon: 'shield' },
  { label: 'Blog Posts', to: '/admin/blog', icon: 'chat' },
  { label: 'Settings', to: '/admin/settings', icon: 'shield' },
  { label: 'Operations', to: '/admin/operations', icon: 'shield' },
];

/**
 * The admin frame (sidebar, header, main). While the session check runs it is already there, with
 * "Loading..." in the main area and no name in the header: the build pre-renders it so into each admin
 * route's HTML (scripts/admin-pages.mjs), the same for every visitor, and the app hydrates it in place
 * (issue 43). The page itself (the Outlet) renders only for a signed-in admin (RequireAdmin).
 */
export function AdminLayout() {
  const { state, logout } = useAdminSession();
  const admin = state.status === 'authenticated' ? state.admin : null;
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => setOpen(false), [location.pathname]);
  const sidebarRef = useDialogBehaviour<HTMLElement>({ open, onClose: () => setOpen(false) });

  const onLogout = async () => {
    setLeaving(true);
    const ok = await logout();
    if (!ok) setLeaving(false);
  };

  const dashboardActive =
    location.pathname === '/admin' ||
    location.pathname === '/admin/' ||
    location.pathname === '/admin/dashboard';

  return (
    <div className={`admin-shell${open ? ' is-open' : ''}`}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside ref={sidebarRef} id="admin-sidebar" className="admin-sidebar" aria-label="Admin">
        <div className="admin-sidebar__brand">
          <LogoMark size={36} />
          <span>Admin Panel</span>
        </div>
        <nav aria-label="Admin sections">
          <ul className="admin-nav">
            {SIDEBAR.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={({ isActive }) =>
                    `admin-nav__link${isActive || (item.end && dashboardActive) ? ' is-active' : ''}`
                  }
                  aria-current={item.end && dashboardActive ? 'page' : undefined}
                >
                  <Icon name={item.icon} size={18} />
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="admin-nav__link admin-nav__logout"
                onClick={onLogout}
                disabled={leaving}
              >
                <Icon name="arrow" size={18} />
                <span>Logout</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      {open ? <div className="admin-backdrop" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <div className="admin-body">
        <header className="admin-header">
          <button
            type="button"
            className="admin-menu-button"
            aria-controls="admin-sidebar"
            aria-expanded={open}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name={open ? 'close' : 'menu'} size={22} />
          </button>
          <span className="admin-header__title">Vandy Admin</span>
          {admin ? (
            <span className="admin-header__user" data-testid="admin-name">
              <span className="admin-avatar" aria-hidden="true">
                {admin.name.charAt(0).toUpperCase()}
              </span>
              <span>{admin.name}</span>
            </span>
          ) : null}
        </header>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Suspense
            fallback={
              <p className="admin-muted" role="status">
                Loading...
              </p>
            }
          >
            {admin ? <Outlet /> : <AdminLoading />}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
