import { describe, expect, it } from 'vitest';
import formCases from '../../../../tests/fixtures/form_cases.json';
import { constants, type FormName } from '@/config/rules';
import { formFields } from '@/config/form-rules';
import {
  agencyToday,
  checkField,
  initialValuesFor,
  schemaFromRules,
  toPayload,
  validateWith,
  type FormValues,
} from './schema-from-rules';

interface FormCase {
  name: string;
  form: FormName;
  input: FormValues;
  expected: Record<string, string>;
}

const cases = (formCases as unknown as { cases: FormCase[] }).cases;

describe('schemas from the generated rules', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    'gives the same messages as the API: %s',
    async (_, testCase) => {
      const values = { ...initialValuesFor(testCase.form), ...testCase.input };
      const errors = await validateWith(schemaFromRules(testCase.form), values);
      expect(errors).toEqual(testCase.expected);
    },
  );

  it('takes option lists from the same export', () => {
    const rule = formFields('appointment').find((r) => r.name === 'preferredTime')!;
    expect(rule.options).toEqual(constants.appointmentTimeSlots);
    expect(formFields('newsletter').find((r) => r.name === 'interests')!.options).toEqual(
      constants.newsletterInterests,
    );
  });

  it('builds a step schema from a subset of fields', async () => {
    const schema = schemaFromRules('application', { fields: ['firstName'] });
    expect(await validateWith(schema, {})).toEqual({ firstName: 'First name is required' });
  });

  it("computes today in the agency's time zone", () => {
    expect(agencyToday(new Date('2024-06-30T23:30:00Z'), 'Africa/Accra')).toBe('2024-06-30');
    expect(agencyToday(new Date('2024-06-30T23:30:00Z'), 'Asia/Dubai')).toBe('2024-07-01');
  });

  it('accepts today and refuses yesterday', () => {
    const rule = formFields('appointment').find((r) => r.name === 'preferredDate')!;
    expect(checkField(rule, '2024-05-10', {}, '2024-05-10')).toBeNull();
    expect(checkField(rule, '2024-05-09', {}, '2024-05-10')).toBe('Choose today or a later date');
  });

  it('checks files by extension, then size', () => {
    const cv = formFields('application').find((r) => r.name === 'cv')!;
    expect(checkField(cv, new File(['x'], 'cv.PDF'), {}, '2024-01-01')).toBeNull();
    expect(checkField(cv, new File(['x'], 'cv.txt'), {}, '2024-01-01')).toBe(
      'CV must be a .pdf, .doc or .docx file',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cv.pdf');
    expect(checkField(cv, big, {}, '2024-01-01')).toBe('CV must be at most 5MB');
  });

  it('sends trimmed text and drops fields hidden by their checkbox', () => {
    const payload = toPayload('application', {
      ...initialValuesFor('application'),
      firstName: ' Kwame ',
      hasPassport: false,
      passportNumber: 'G1',
    });
    expect(payload.firstName).toBe('Kwame');
    expect(payload).not.toHaveProperty('passportNumber');
    expect(payload.hasPassport).toBe(false);
  });
});
