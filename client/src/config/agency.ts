/** Agency identity and contact details, derived from the generated rules (spec section 9). */
import { constants } from './rules';

export const agency = {
  name: constants.agencyName,
  title: constants.agencyTitle,
  subtitle: constants.agencySubtitle,
  tagline: constants.agencyTagline,
  email: constants.contactEmail,
  officeLocation: constants.officeLocation,
  officeHours: constants.officeHours,
  emergencySupport: constants.emergencySupport,
  ghanaPhones: constants.ghanaPhones,
  uaePhones: constants.uaePhones,
  whatsappPhone: constants.whatsappPhone,
  whatsappOptIn: constants.whatsappOptIn,
  claims: constants.claims,
  promises: constants.promises,
} as const;

/** "+233241234567" -> "+233 24 123 4567" (display only; links use the raw number). */
export function formatPhone(phone: string): string {
  const m = /^\+(233|971)(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return m ? `+${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export const whatsappInquiryText = `Hello ${constants.agencyName}, I would like to make an inquiry about your services.`;

export function whatsappHref(text: string = whatsappInquiryText): string {
  const digits = constants.whatsappPhone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
