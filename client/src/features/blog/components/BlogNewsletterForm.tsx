import { useId, type FormEvent } from 'react';

/** The blog sidebar's e-mail box. Per the spec its Subscribe button does nothing yet. */
export function BlogNewsletterForm() {
  const uid = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-label="Blog newsletter">
      <label htmlFor={`${uid}-email`} className="visually-hidden">Email Address</label>
      <input id={`${uid}-email`} type="email" name="email" placeholder="Your email address" autoComplete="email" maxLength={200} />
      <button type="submit" className="button button--gold button--block">Subscribe</button>
    </form>
  );
}
