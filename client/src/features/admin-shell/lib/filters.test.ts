import { describe, expect, it } from 'vitest';
import { filtersFrom, foldedCount, listSearch } from './filters';

describe('the list filters in the URL', () => {
  it('keeps the filters and page, drops anything else', () => {
    const params = new URLSearchParams('q=Ɔdɔm&jobId=JB1&view=today&page=2&other=x&status=');
    expect(listSearch(params)).toBe(`?q=${encodeURIComponent('Ɔdɔm')}&jobId=JB1&view=today&page=2`);
    expect(listSearch(new URLSearchParams('other=x'))).toBe('');
  });

  it('reads every filter, empty when absent, and counts the folded ones', () => {
    const filters = filtersFrom(new URLSearchParams('q=odom&status=received&jobId=JB1&view=new'));
    expect(filters).toMatchObject({ q: 'odom', status: 'received', jobId: 'JB1', view: 'new', payment: '' });
    expect(foldedCount(filters)).toBe(2);
  });
});
