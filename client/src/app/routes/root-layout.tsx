import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Header } from '@/components/layout/Header';
import { PageLoader } from '@/components/ui/Spinner';
import { ChatWidget } from '@/features/chat/components/ChatWidget';
import { NewsletterPopup } from '@/features/newsletter/components/NewsletterPopup';
import { Splash, useSplash } from '@/features/splash/components/Splash';
import { WhatsAppWidget } from '@/features/whatsapp/components/WhatsAppWidget';
import { HydrateOnInteraction } from '@/lib/hydrate-on-interaction';
import { showLaterSectionsUpTo } from '@/lib/later-sections';

/** Hydrated at the visitor's first interaction (below), so its code waits for it too. */
const Footer = lazy(() =>
  import('@/components/layout/Footer').then(({ Footer: footer }) => ({ default: footer })),
);

/** Scrolls to the top on page change, or to the element named by the hash once it renders. */
function useScrollManagement() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        showLaterSectionsUpTo(target);
        target.scrollIntoView({ block: 'start' });
        return;
      }
      tries += 1;
      if (tries < 120) frame = window.requestAnimationFrame(attempt);
    };
    attempt();
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, hash]);
}

/**
 * Rendered after the page inside its Suspense boundary, so its effect runs once the page (a lazy
 * chunk) has hydrated: marks `<html data-hydrated>`. A pre-rendered page is visible before it is
 * interactive; tests wait for this mark before they click.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The splash with its own state: its phase changes (leaving at 3000 ms, gone at 3500 ms) re-render
 * this small component only, not the whole page under the layout (a long task on a phone).
 */
function SplashGate() {
  const { pathname } = useLocation();
  const initialPath = useRef(pathname);
  const splash = useSplash(initialPath.current, pathname);
  return <Splash phase={splash} />;
}

export function RootLayout() {
  useScrollManagement();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SplashGate />
      {/* Its links work as they are; the first tap on the menu button hydrates it at once (its code is
          in the entry) and opens the menu. */}
      <HydrateOnInteraction>
        <Header />
      </HydrateOnInteraction>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      {/* Own Suspense boundaries: React hydrates them after the header and the page, in small
          slices, or at once when the visitor taps one of them (selective hydration); the footer's
          links work as they are until the visitor's first interaction. */}
      <HydrateOnInteraction>
        <Footer />
      </HydrateOnInteraction>
      <Suspense fallback={null}>
        <WhatsAppWidget />
        <ChatWidget />
        <NewsletterPopup />
      </Suspense>
    </>
  );
}
