import { useField, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RuleField } from '@/components/form/Fields';
import type { FieldRule } from '@/config/rules';
import { appointmentDate } from '@/lib/appointment-date';
import { useResource } from '@/lib/use-resource';
import { appointmentSlots, takenOn, windowSlots, type WindowSlots } from '../api/appointment-slots';

const NONE: ReadonlySet<string> = new Set();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The spec's time select, its texts unchanged. The booking window's taken slots load once, when the
 * form opens, so the slots that are full, past or on a closed day are disabled as soon as a date is
 * picked (a request per date made them grey seconds later on a slow phone); a date outside the
 * window, or a window that failed to load, asks for its own day. Picking another date clears the
 * time: a time chosen for one day is never carried to the next. `version` changes to ask again
 * (after a 409). The hint names the picked date with its weekday.
 */
export function PreferredTimeField({
  rule,
  label,
  version,
}: {
  rule: FieldRule;
  label: string;
  version: number;
}) {
  const [date] = useField<string>('preferredDate');
  const { setFieldValue } = useFormikContext();
  const day = DATE.test(date.value ?? '') ? date.value : '';
  useClearTimeOnNewDay(day, () => void setFieldValue(rule.name, '', false));

  const [windowState] = useResource((signal) => windowSlots(signal), `window:${version}`);
  // While the window loads again (after a 409) the slots known before stay disabled.
  const [known, setKnown] = useState<WindowSlots | null>(null);
  if (windowState.status === 'success' && windowState.data !== known) setKnown(windowState.data);
  const fromWindow = useMemo(
    () => (known && day ? takenOn(known, day, rule.options ?? []) : null),
    [known, day, rule.options],
  );
  const askTheDay = day !== '' && fromWindow === null && windowState.status === 'error';
  const [slots] = useResource(
    (signal) => (askTheDay ? appointmentSlots(day, signal) : Promise.resolve(null)),
    `${askTheDay ? day : ''}:${version}`,
  );
  const unavailable = useMemo(() => {
    if (fromWindow) return fromWindow;
    if (slots.status !== 'success' || slots.data === null) return NONE;
    return new Set(slots.data.slots.filter((slot) => slot.state !== 'free').map((slot) => slot.time));
  }, [fromWindow, slots]);
  const named = appointmentDate(day);
  return (
    <RuleField
      rule={rule}
      label={label}
      disabledOptions={unavailable}
      hint={named ? `Times on ${named}` : undefined}
    />
  );
}

/** Calls `clear` when `day` changes after the first render (a value replayed before hydration is kept). */
function useClearTimeOnNewDay(day: string, clear: () => void) {
  const previous = useRef(day);
  useEffect(() => {
    if (previous.current !== day) {
      previous.current = day;
      clear();
    }
  });
}
