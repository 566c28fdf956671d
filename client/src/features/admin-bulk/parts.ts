import type { BulkPreview } from './api/bulk';

/** "1 part per message, 5 parts in all" (a range when names make the texts differ). */
export function partsSummary(preview: BulkPreview): string {
  const parts = preview.items.filter((item) => item.text && !item.error).map((item) => item.parts);
  if (parts.length === 0) return 'no SMS parts';
  const low = Math.min(...parts);
  const high = Math.max(...parts);
  const per = low === high ? `${low}` : `${low}–${high}`;
  return `${per} part${high === 1 ? '' : 's'} per message, ${preview.totalParts} part${preview.totalParts === 1 ? '' : 's'} in all`;
}
