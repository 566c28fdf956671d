/** Times as staff read them: in the zone chosen in Settings (kept on this device). */

const ZONE_KEY = 'agency.admin.timeZone';
/** The zones staff can read times in: the office's, the UAE desk's, and this device's own. */
export const STAFF_ZONES = ['Africa/Accra', 'Asia/Dubai'] as const;

/** The IANA zone this staff member reads times in (chosen in Settings, kept on this device). */
export function staffTimeZone(): string {
  try {
    return window.localStorage.getItem(ZONE_KEY) ?? 'Africa/Accra';
  } catch {
    return 'Africa/Accra';
  }
}

export function setStaffTimeZone(zone: string): void {
  try {
    window.localStorage.setItem(ZONE_KEY, zone);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** A time in the staff member's zone, naming it: "24 Nov 2026, 10:00 GMT". */
export function formatDateTime(iso: string | null | undefined, timeZone: string = staffTimeZone()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** A day: a calendar date ("2026-11-24") as it is, a moment (a job's last update) as its day in the
 * staff member's zone, never the device's. */
export function formatDate(iso: string | null | undefined, timeZone: string = staffTimeZone()): string {
  if (!iso) return '—';
  const calendarDay = iso.length === 10;
  const date = new Date(calendarDay ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: calendarDay ? 'UTC' : timeZone });
}
