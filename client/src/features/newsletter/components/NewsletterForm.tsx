import { useId, type FormEvent } from 'react';
import { formFields } from '@/config/form-rules';

const LABELS: Record<string, string> = { name: 'Full Name', email: 'Email Address', interests: 'Interests' };

/**
 * Static shell of the newsletter form (fields from rules.json). Validation and the
 * subscription call are added by the forms work; for now submitting only closes the pop-up.
 */
export function NewsletterForm({ onSubscribed }: { onSubscribed: () => void }) {
  const uid = useId();
  const fields = formFields('newsletter');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubscribed();
  };
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate>
      {fields.map((field) =>
        field.kind === 'multiselect' ? (
          <fieldset key={field.name} className="checkbox-group">
            <legend>{LABELS[field.name]} (optional)</legend>
            {(field.options ?? []).map((option) => (
              <label key={option} className="checkbox">
                <input type="checkbox" name={field.name} value={option} /> {option}
              </label>
            ))}
          </fieldset>
        ) : (
          <div key={field.name} className="field">
            <label htmlFor={`${uid}-${field.name}`}>{LABELS[field.name] ?? field.name}</label>
            <input
              id={`${uid}-${field.name}`}
              name={field.name}
              type={field.kind === 'email' ? 'email' : 'text'}
              maxLength={field.maxLength}
              autoComplete={field.kind === 'email' ? 'email' : 'name'}
              aria-required={field.required ? true : undefined}
            />
          </div>
        ),
      )}
      <button type="submit" className="button button--primary button--block">
        Subscribe
      </button>
    </form>
  );
}
