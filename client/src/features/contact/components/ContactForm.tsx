import { useId, type FormEvent } from 'react';
import { FieldShell } from '@/components/ui/FieldShell';
import { formFields } from '@/config/form-rules';

const LABELS: Record<string, string> = {
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number (optional)',
  service: 'Service of Interest (optional)',
  subject: 'Subject',
  message: 'Message',
};

/** Static shell of the contact form; the forms work adds validation and sending. */
export function ContactForm() {
  const uid = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form className="form-grid" onSubmit={onSubmit} noValidate aria-label="Contact form">
      {formFields('contact').map((rule) => (
        <FieldShell key={rule.name} rule={rule} idPrefix={uid} label={LABELS[rule.name] ?? rule.name} wide={rule.name === 'subject'} />
      ))}
      <button type="submit" className="button button--primary field--wide">
        Send Message
      </button>
    </form>
  );
}
