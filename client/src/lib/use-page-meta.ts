import { useEffect } from 'react';
import { constants } from '@/config/rules';

export interface PageMeta {
  title: string;
  description: string;
}

/** The full document title of a page title ('' is the home page). */
export function documentTitle(title: string): string {
  return title ? `${title} | ${constants.agencyName}` : constants.agencyName;
}

/** What the last rendered page asked for, read by the pre-render (no document on the server). */
export const serverPageMeta: { current: PageMeta | null } = { current: null };

/** Sets the document title and the description meta tag of the current page. */
export function usePageMeta(title: string, description: string): void {
  if (typeof document === 'undefined') serverPageMeta.current = { title: documentTitle(title), description };
  useEffect(() => {
    document.title = documentTitle(title);
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
