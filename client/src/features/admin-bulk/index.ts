/** The public face of this admin feature: what other admin features may import. */
export { BulkBar, SelectCell } from './BulkBar';
export { useSelection } from './selection';
export { useBulkMove } from './useBulkMove';
