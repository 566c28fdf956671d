/**
 * The employer form's values, its checks (the server's messages, `agency_core/employers/rules.py`)
 * and its body. The server is the judge of phones and countries; the form only catches what is empty.
 */
import * as yup from 'yup';
import rawPhoneRegions from '@/generated/phone-regions.json';
import { REQUIRED } from '@/features/admin-forms';
import type { Employer, EmployerInput } from './api/employers';

export const NO_CONTACT = 'Add at least one contact';
export const CONTACT_REACH = "Give the contact's e-mail or phone";

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  phoneCountry: string;
}

export interface EmployerValues {
  company: string;
  country: string;
  city: string;
  licenceNumber: string;
  notes: string;
  contacts: ContactValues[];
}

type Region = [string, string, number];
const regions = (rawPhoneRegions as { listedFirst: number; regions: Region[] }).regions;
/** Countries by ISO code with their names, Ghana and the Gulf first (the phone field's list). */
export const COUNTRIES: readonly (readonly [string, string])[] = regions.map(([code, name]) => [code, name]);
const NAMES = new Map(COUNTRIES.map(([code, name]) => [code, name]));
export const countryName = (code: string): string => NAMES.get(code) ?? code;

export const blankContact = (country: string): ContactValues => ({
  name: '',
  email: '',
  phone: '',
  phoneCountry: country || 'AE',
});

export function employerValues(employer: Employer | null): EmployerValues {
  if (!employer) {
    return { company: '', country: '', city: '', licenceNumber: '', notes: '', contacts: [blankContact('')] };
  }
  return {
    company: employer.company,
    country: employer.country,
    city: employer.city,
    licenceNumber: employer.licenceNumber,
    notes: employer.notes,
    contacts: employer.contacts.map((contact) => ({
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      phoneCountry: contact.phoneCountry || employer.country,
    })),
  };
}

const required = yup.string().trim().required(REQUIRED);

export const employerSchema = yup.object({
  company: required,
  country: required,
  city: required,
  licenceNumber: required,
  contacts: yup
    .array(
      yup.object({
        name: required,
        email: yup
          .string()
          .trim()
          .test('reach', CONTACT_REACH, function reach(email) {
            // Formik validates empty fields as undefined.
            const { phone } = this.parent as Partial<ContactValues>;
            return Boolean(email) || Boolean(phone?.trim());
          }),
      }),
    )
    .min(1, NO_CONTACT),
});

type ContactIn = EmployerInput['contacts'][number];

function contactBody(contact: ContactValues): ContactIn {
  const phone = contact.phone.trim();
  const body: ContactIn = { name: contact.name.trim(), email: contact.email.trim() };
  return phone ? { ...body, phone, phoneCountry: contact.phoneCountry as ContactIn['phoneCountry'] } : body;
}

/** The body the server takes; an edit names the version it was made on (409 when another was saved). */
export function employerBody(values: EmployerValues, version?: number): EmployerInput {
  return {
    company: values.company.trim(),
    country: values.country as EmployerInput['country'],
    city: values.city.trim(),
    licenceNumber: values.licenceNumber.trim(),
    notes: values.notes.trim(),
    contacts: values.contacts.map(contactBody),
    ...(version === undefined ? {} : { expectedVersion: version }),
  };
}
