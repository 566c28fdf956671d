import { constants } from '@/config/rules';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An appointment's date as the pages show it, with its weekday: "Tuesday, 1 December 2026" for
 * `2026-12-01` (an ISO date alone was misread). The one rule of the client's pages; the core has its
 * own for the messages ("Tue 1 Dec 2026"). The date is a day of the office's calendar: it is named in
 * the office's zone, whatever the device's, and in English whatever its locale. `''` for no date.
 */
export function appointmentDate(day: string, timeZone: string = constants.timeZone): string {
  const found = DAY.exec(day);
  if (!found) return '';
  // Noon UTC of that day falls on the same day in every zone within UTC-11..UTC+11 (every office).
  const noon = new Date(Date.UTC(Number(found[1]), Number(found[2]) - 1, Number(found[3]), 12));
  if (Number.isNaN(noon.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(noon);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}
