import { lazy, Suspense, useEffect, useState } from 'react';
import { constants } from '@/config/rules';
import { markPopupShown, popupAlreadyShown } from '../lib/popup-flag';

const NewsletterDialog = lazy(() => import('./NewsletterDialog'));

/** Opens the newsletter dialog after 10 s unless `newsletter-popup-shown` is stored. */
export function NewsletterPopup({ delayMs = constants.newsletterPopupDelayMs }: { delayMs?: number }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (popupAlreadyShown()) return undefined;
    const timer = window.setTimeout(() => {
      if (!popupAlreadyShown()) setOpen(true);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  if (!open) return null;
  const close = () => {
    markPopupShown();
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <NewsletterDialog onClose={close} onSubscribed={close} />
    </Suspense>
  );
}
