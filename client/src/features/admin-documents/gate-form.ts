/** The gate form's values, checks (the server's limits: docs/pipeline-documents.md) and body. */
import * as yup from 'yup';
import { REQUIRED } from '@/features/admin-forms';
import type { GateAnswer, GateCheck, GateInput } from './api/documents';

export interface GateValues {
  passportMonths: string;
  medicalValidityDays: string;
  policeClearanceValidityDays: string;
  checks: GateCheck[];
}

const whole = (low: number, high: number) =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .matches(/^\d+$/, 'Enter a whole number')
    .test(
      'range',
      `Enter a number from ${low} to ${high}`,
      (v) => !v || (Number(v) >= low && Number(v) <= high),
    );

export const gateSchema = yup.object({
  passportMonths: whole(0, 24),
  medicalValidityDays: whole(1, 3660),
  policeClearanceValidityDays: whole(1, 3660),
  checks: yup.array(yup.string()),
});

/** The destination's own gate when it has one, else the one in force (what it would start from). */
export function gateValues(answer: GateAnswer): GateValues {
  const settings = answer.own ?? answer.inForce;
  return {
    passportMonths: String(settings.passportMonths),
    medicalValidityDays: String(settings.medicalValidityDays),
    policeClearanceValidityDays: String(settings.policeClearanceValidityDays),
    checks: [...settings.checks],
  };
}

export const gateBody = (values: GateValues, answer: GateAnswer): GateInput => ({
  destination: answer.destination,
  expectedVersion: answer.version,
  passportMonths: Number(values.passportMonths),
  medicalValidityDays: Number(values.medicalValidityDays),
  policeClearanceValidityDays: Number(values.policeClearanceValidityDays),
  checks: values.checks,
});

/** "Default (every destination without its own)" or the destination's name. */
export const destinationName = (destination: string): string =>
  destination ? destination : 'Default (every destination without its own)';
