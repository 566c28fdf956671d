import { agency, formatPhone, telHref, whatsappHref } from '@/config/agency';
import { Icon } from '@/components/ui/Icon';
import './whatsapp.css';

/** Bottom-right contact buttons: WhatsApp deep link (new tab, prefilled inquiry) and a call link. */
export function WhatsAppWidget() {
  return (
    <aside className="contact-widget" aria-label="Call or WhatsApp us">
      <a className="fab fab--call" href={telHref(agency.whatsappPhone)}>
        <Icon name="phone" size={22} />
        <span className="visually-hidden">Call us on {formatPhone(agency.whatsappPhone)}</span>
      </a>
      <a className="fab fab--whatsapp" href={whatsappHref()} target="_blank" rel="noopener noreferrer">
        <Icon name="whatsapp" size={28} />
        <span className="visually-hidden">Chat with us on WhatsApp (opens in a new tab)</span>
      </a>
    </aside>
  );
}
