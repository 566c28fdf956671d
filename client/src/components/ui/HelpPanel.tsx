import { agency, formatPhone, telHref, whatsappHref } from '@/config/agency';
import { Icon } from './Icon';
import './help-panel.css';

/** Phone and WhatsApp help box shown next to the booking and application forms. */
export function HelpPanel({ title = 'Need Help?', text }: { title?: string; text: string }) {
  return (
    <aside className="card help-panel" aria-labelledby="help-panel-title">
      <h2 id="help-panel-title" className="h3">
        {title}
      </h2>
      <p>{text}</p>
      <ul className="help-panel__list">
        {[...agency.ghanaPhones, ...agency.uaePhones].map((p) => (
          <li key={p}>
            <a href={telHref(p)}>
              <Icon name="phone" size={18} /> {formatPhone(p)}
            </a>
          </li>
        ))}
      </ul>
      <a
        className="button button--whatsapp button--block"
        href={whatsappHref()}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="whatsapp" size={20} /> Chat on WhatsApp
      </a>
      <p className="help-panel__hours">
        <Icon name="clock" size={16} /> {agency.officeHours}, {agency.emergencySupport}
      </p>
    </aside>
  );
}
