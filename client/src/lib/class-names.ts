/** A `className` from parts, some of them conditional: `classNames('card', active && 'is-active')`. */
export function classNames(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
