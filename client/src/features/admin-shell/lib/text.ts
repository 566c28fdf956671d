/** Counts and labels in the admin's words. */

/** "1 job", "2 jobs". */
export function countOf(total: number, noun: string): string {
  return `${total} ${noun}${total === 1 ? '' : 's'}`;
}

export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
