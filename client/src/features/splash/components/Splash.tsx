import { useEffect, useState } from 'react';
import { constants } from '@/config/rules';
import './splash.css';

export const SPLASH_FADE_MS = 500;

export type SplashPhase = 'visible' | 'leaving' | 'gone';

/**
 * Splash state machine: shown only when the app first loads on the home route; stays for
 * `splashMs` (3000 ms), fades out over 0.5 s, then unmounts. Leaving home hides it at once.
 */
export function useSplash(initialPath: string, currentPath: string): SplashPhase {
  const [phase, setPhase] = useState<SplashPhase>(() => (initialPath === '/' ? 'visible' : 'gone'));

  // The timers run while the splash shows; leaving home (gone) clears them.
  const gone = phase === 'gone';
  useEffect(() => {
    if (gone) return undefined;
    const fade = window.setTimeout(() => setPhase('leaving'), constants.splashMs);
    const done = window.setTimeout(() => setPhase('gone'), constants.splashMs + SPLASH_FADE_MS);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(done);
    };
  }, [gone]);

  useEffect(() => {
    if (currentPath !== '/') setPhase('gone');
  }, [currentPath]);

  return phase;
}

export function Splash({ phase }: { phase: SplashPhase }) {
  if (phase === 'gone') return null;
  return (
    <div
      className={phase === 'leaving' ? 'splash splash--leaving' : 'splash'}
      data-testid="splash"
      role="status"
      aria-label={`Loading ${constants.agencyName}`}
    >
      <div className="splash__content" aria-hidden="true">
        <div className="splash__logo">
          <span className="splash__ring splash__ring--outer" />
          <span className="splash__ring splash__ring--inner" />
          <img src="/images/brand/logo.svg" width={72} height={72} alt="" />
        </div>
        <p className="splash__title">{constants.agencyTitle}</p>
        <p className="splash__subtitle">{constants.agencySubtitle}</p>
        <div className="splash__bar">
          <span className="splash__fill" />
        </div>
        <p className="splash__tagline">{constants.agencyTagline}</p>
      </div>
    </div>
  );
}
