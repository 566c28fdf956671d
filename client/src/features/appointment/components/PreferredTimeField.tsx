import { useField } from 'formik';
import { useMemo } from 'react';
import { RuleField } from '@/components/form/Fields';
import type { FieldRule } from '@/config/rules';
import { useResource } from '@/lib/use-resource';
import { appointmentSlots } from '../api/appointment-slots';

const NONE: ReadonlySet<string> = new Set();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The spec's time select, its texts unchanged; once a date is chosen, the slots that are full,
 * already past or on a closed day are disabled. `version` changes to ask again (after a 409).
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
  const day = DATE.test(date.value ?? '') ? date.value : '';
  const [slots] = useResource(
    (signal) => (day ? appointmentSlots(day, signal) : Promise.resolve(null)),
    `${day}:${version}`,
  );
  const unavailable = useMemo(() => {
    if (slots.status !== 'success' || slots.data === null) return NONE;
    return new Set(slots.data.slots.filter((slot) => slot.state !== 'free').map((slot) => slot.time));
  }, [slots]);
  return <RuleField rule={rule} label={label} disabledOptions={unavailable} />;
}
