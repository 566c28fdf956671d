/**
 * The settings form's rules from `agency_core.admin_settings` (exported by `make rules` as
 * `settingsForm`): the page checks with the very limits and messages the server gives.
 */
import { patterns } from '@/generated/rules.json';
import { settingsForm } from '@/generated/admin-rules.json';
import * as yup from 'yup';
import type { AdminSettings } from '@/features/admin-shell';

export const settingsRules = settingsForm;
const messages = settingsRules.messages;

/** What the form edits: the capacity and the closed dates as typed (checked, then converted). */
export interface SettingsValues {
  adminPhones: string[];
  smsSender: string;
  statusSms: AdminSettings['statusSms'];
  appointmentCapacity: string;
  closedText: string;
  bookingHorizonDays: string;
  dailyBookingsPerPerson: string;
  smsMaxParts: string;
}

export const normalisePhone = (value: string) => value.replace(/[\s\-().]/g, '');

export const splitDates = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
  );
}

/** A whole number from 1 to `most`, as typed. */
function isWholeNumber(text: string | undefined, most: number): boolean {
  const n = Number(text);
  return /^\d+$/.test(text ?? '') && n >= 1 && n <= most;
}

export function valuesOf(settings: AdminSettings): SettingsValues {
  return {
    adminPhones: Array.from(
      { length: settingsRules.adminPhoneCount },
      (_, i) => settings.adminPhones[i] ?? '',
    ),
    smsSender: settings.smsSender,
    statusSms: settings.statusSms,
    appointmentCapacity: String(settings.appointmentCapacity),
    closedText: settings.closedDates.join('\n'),
    bookingHorizonDays: String(settings.bookingHorizonDays),
    dailyBookingsPerPerson: String(settings.dailyBookingsPerPerson),
    smsMaxParts: String(settings.smsMaxParts),
  };
}

/** The body the API takes: phones without spaces, the sender trimmed, the dates split. */
export function settingsBody(values: SettingsValues): AdminSettings {
  return {
    adminPhones: values.adminPhones.map(normalisePhone),
    smsSender: values.smsSender.trim(),
    statusSms: values.statusSms,
    appointmentCapacity: Number(values.appointmentCapacity),
    closedDates: splitDates(values.closedText),
    bookingHorizonDays: Number(values.bookingHorizonDays),
    dailyBookingsPerPerson: Number(values.dailyBookingsPerPerson),
    smsMaxParts: Number(values.smsMaxParts),
  };
}

const phonePattern = new RegExp(patterns.phone);
const senderPattern = new RegExp(settingsRules.senderPattern);

export const settingsSchema: yup.ObjectSchema<Omit<SettingsValues, 'statusSms'>> = yup.object({
  adminPhones: yup
    .array(
      yup
        .string()
        .default('')
        .transform((value: string) => normalisePhone(value))
        .matches(phonePattern, messages.phoneInvalid),
    )
    .defined(),
  smsSender: yup
    .string()
    // formik hands an empty field over as undefined
    .default('')
    .trim()
    .required(messages.senderRequired)
    .max(settingsRules.senderMaxLength, messages.senderTooLong)
    .matches(senderPattern, messages.senderInvalid),
  appointmentCapacity: yup
    .string()
    .default('')
    .test('capacity', messages.capacityInvalid, (text) =>
      isWholeNumber(text, settingsRules.maxAppointmentCapacity),
    ),
  closedText: yup
    .string()
    .default('')
    .test('dates', messages.closedDatesInvalid, (text) => splitDates(text).every(isCalendarDate)),
  bookingHorizonDays: yup
    .string()
    .default('')
    .test('horizon', messages.horizonInvalid, (text) =>
      isWholeNumber(text, settingsRules.maxBookingHorizonDays),
    ),
  dailyBookingsPerPerson: yup
    .string()
    .default('')
    .test('daily', messages.dailyLimitInvalid, (text) =>
      isWholeNumber(text, settingsRules.maxDailyBookingsPerPerson),
    ),
  smsMaxParts: yup
    .string()
    .default('')
    .test('parts', messages.smsMaxPartsInvalid, (text) => isWholeNumber(text, settingsRules.maxSmsParts)),
});

/** The messages by field (`adminPhones.0`, `smsSender`, ...) for `settings`, as the form would show them. */
export function validateSettings(settings: AdminSettings): Record<string, string> {
  try {
    settingsSchema.validateSync(valuesOf(settings), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    // The first message of each field, as formik shows it.
    const found: Record<string, string> = {};
    for (const e of error.inner) found[(e.path ?? '').replace(/\[(\d+)\]/g, '.$1')] ??= e.message;
    return found;
  }
}
