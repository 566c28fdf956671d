import { describe, expect, it } from 'vitest';
import { emptyApplicationFilters } from '@/features/admin-shell';
import { toBulkSelection } from './selection';

describe('toBulkSelection', () => {
  it('sends the filters that are set when everything matching is selected', () => {
    const filters = { ...emptyApplicationFilters, status: 'received', preferredCountry: 'Qatar' };
    expect(toBulkSelection({ all: true }, filters)).toEqual({
      matching: { status: 'received', preferredCountry: 'Qatar' },
    });
  });

  it('asks for every application in so many words when no filter is set', () => {
    expect(toBulkSelection({ all: true }, emptyApplicationFilters)).toEqual({ matching: { all: 'true' } });
  });

  it('sends the picked ids otherwise', () => {
    expect(toBulkSelection({ all: false, ids: new Set(['VA1', 'VA2']) }, emptyApplicationFilters)).toEqual({
      applicationIds: ['VA1', 'VA2'],
    });
  });
});
