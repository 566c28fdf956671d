import { describe, expect, it } from 'vitest';
import { validateWith } from '@/lib/forms/schema-from-rules';
import { blankJobValues, checkJob, jobBody, jobSchema, type JobValues } from './job-rules';

const TODAY = '2026-05-10';

function job(changes: JobValues = {}): JobValues {
  return {
    ...blankJobValues(),
    title: 'Welder',
    country: 'Qatar',
    category: 'Construction',
    description: 'Welding on site',
    ...changes,
  };
}

describe('checkJob (the job form’s rules, as the server gives them)', () => {
  it('accepts a complete job', () => {
    expect(checkJob(job(), TODAY)).toEqual({});
  });

  it('names each required field that is blank, and only those', () => {
    expect(checkJob(blankJobValues(), TODAY)).toEqual({
      title: 'Title is required',
      country: 'Country is required',
      category: 'Category is required',
      description: 'Description is required',
    });
    expect(checkJob(job({ title: '   ' }), TODAY)).toEqual({ title: 'Title is required' });
  });

  it('refuses a number that is not whole or out of range', () => {
    const message = 'Positions must be a whole number from 1 to 1000';
    expect(checkJob(job({ positions: '0' }), TODAY)).toEqual({ positions: message });
    expect(checkJob(job({ positions: '1001' }), TODAY)).toEqual({ positions: message });
    expect(checkJob(job({ positions: '2.5' }), TODAY)).toEqual({ positions: message });
    expect(checkJob(job({ positions: '1000' }), TODAY)).toEqual({});
  });

  it('refuses an option not in the list, with the status message for the status', () => {
    expect(checkJob(job({ country: 'Mars' }), TODAY)).toEqual({
      country: 'Choose one of the listed options',
    });
    expect(checkJob(job({ status: 'paused' }), TODAY)).toEqual({
      status: 'Status must be draft, open or closed',
    });
    expect(checkJob(job({ benefits: ['Meals', 'Yacht'] }), TODAY)).toEqual({
      benefits: 'Choose one of the listed options',
    });
    expect(checkJob(job({ benefits: ['Meals', 'Transport'] }), TODAY)).toEqual({});
  });

  it('refuses a text over its length with the label and the limit', () => {
    expect(checkJob(job({ city: 'x'.repeat(201) }), TODAY)).toEqual({
      city: 'City must be at most 200 characters',
    });
    expect(checkJob(job({ city: 'x'.repeat(200) }), TODAY)).toEqual({});
  });

  it('refuses a date that is not a calendar date', () => {
    const invalid = { closingDate: 'Enter a valid date' };
    expect(checkJob(job({ closingDate: '2026-02-30' }), TODAY)).toEqual(invalid);
    expect(checkJob(job({ closingDate: '10/05/2026' }), TODAY)).toEqual(invalid);
  });

  it('refuses a maximum salary below the minimum, unless the maximum is already wrong', () => {
    expect(checkJob(job({ salaryMin: '500', salaryMax: '400' }), TODAY)).toEqual({
      salaryMax: 'Maximum salary must not be below the minimum',
    });
    expect(checkJob(job({ salaryMin: '500', salaryMax: '' }), TODAY)).toEqual({});
    expect(checkJob(job({ salaryMin: '500', salaryMax: 'x' }), TODAY)).toEqual({
      salaryMax: 'Maximum salary must be a whole number from 0 to 10000000',
    });
  });

  it('refuses an open job closing before today, but not a draft', () => {
    const passed = { closingDate: 'An open job needs a closing date of today or later' };
    expect(checkJob(job({ closingDate: '2026-05-09' }), TODAY)).toEqual(passed);
    expect(checkJob(job({ closingDate: '2026-05-10' }), TODAY)).toEqual({});
    expect(checkJob(job({ closingDate: '2026-05-09', status: 'draft' }), TODAY)).toEqual({});
  });

  it('sends whole numbers as numbers and empty ones as null', () => {
    const body = jobBody(job({ positions: '3', salaryMin: '', closingDate: '' }));
    expect(body).toMatchObject({ positions: 3, salaryMin: null, closingDate: null, title: 'Welder' });
  });
});

describe('jobSchema', () => {
  it('gives checkJob’s first message per field, cross-field rules included', async () => {
    const values = job({ title: '', salaryMin: '500', salaryMax: '400', closingDate: '2026-05-09' });
    const errors = await validateWith(
      jobSchema(() => TODAY),
      values,
    );
    expect(errors).toEqual({
      title: 'Title is required',
      salaryMax: 'Maximum salary must not be below the minimum',
      closingDate: 'An open job needs a closing date of today or later',
    });
    expect(
      await validateWith(
        jobSchema(() => TODAY),
        job(),
      ),
    ).toEqual({});
  });
});
