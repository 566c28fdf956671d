export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// Dates and prices of the public pages are formatted by hand, not with Intl or toLocaleString: the
// first use of a locale loads its data, which on Lighthouse's phone was a 95 ms task in the middle of
// /country-packages' hydration. The texts are the en-GB and en-US ones (lib/slug.test.ts checks).

/** `2025-03-05` → `5 March 2025` (en-GB, long month, UTC); text that is not a date comes back as it is. */
export function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `1234.5` → `$1,234.5` (en-US grouping, at most three decimals). */
export function formatUsd(amount: number): string {
  const rounded = Math.round(amount * 1000) / 1000;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
