import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { constants } from '@/config/rules';
import { paths } from '@/config/paths';
import { markPopupShown, popupAlreadyShown } from '../lib/popup-flag';

const NewsletterDialog = lazy(() => import('./NewsletterDialog'));

/** Pages that are a form to fill in: the pop-up never opens over them (issue 43). */
export const FORM_PAGES: readonly string[] = [
  paths.apply,
  paths.bookAppointment,
  paths.contact,
  paths.track,
  paths.paymentStart,
  paths.paymentCallback,
];

/**
 * True once the visitor has typed or picked something in a form of the page (`input` events), not
 * counting a dialog's (the pop-up's own form); not watched while `watching` is false.
 */
function useFormTouched(pathname: string, watching: boolean): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => setTouched(false), [pathname]);
  useEffect(() => {
    if (!watching) return undefined;
    const onInput = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('form') && !target.closest('[role="dialog"]')) setTouched(true);
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, [pathname, watching]);
  return touched;
}

/**
 * Opens the newsletter dialog after 10 s unless `newsletter-popup-shown` is stored; never over a
 * form in progress: on a form page, or once a form of the page has been touched, it waits until the
 * visitor is on another page.
 */
export function NewsletterPopup({ delayMs = constants.newsletterPopupDelayMs }: { delayMs?: number }) {
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const formTouched = useFormTouched(pathname, !open);
  const blocked = formTouched || FORM_PAGES.includes(pathname.replace(/\/+$/, '') || '/');

  useEffect(() => {
    if (popupAlreadyShown()) return undefined;
    const timer = window.setTimeout(() => setDue(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  useEffect(() => {
    if (due && !blocked && !popupAlreadyShown()) setOpen(true);
  }, [due, blocked]);

  if (!open) return null;
  const close = () => {
    markPopupShown();
    setDue(false);
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <NewsletterDialog onClose={close} onSubscribed={close} />
    </Suspense>
  );
}
