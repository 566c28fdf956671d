import { useSyncExternalStore } from 'react';
import { agencyToday } from './schema-from-rules';

const noSubscription = () => () => undefined;
const atBuildTime = () => undefined;

/**
 * Today's date in the agency's time zone, read in the visitor's browser. Pages are pre-rendered at
 * build time, so the server's answer is "unknown" (no `min` in the HTML) and the browser fills in
 * the real date right after hydration: a page built yesterday never offers yesterday.
 */
export function useAgencyToday(): string | undefined {
  return useSyncExternalStore(noSubscription, () => agencyToday(), atBuildTime);
}
