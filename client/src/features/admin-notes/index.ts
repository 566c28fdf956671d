/** The public face of this admin feature: what other admin features may import. */
export { MineToggle } from './MineToggle';
export { NotesPanel } from './NotesPanel';
export { OwnerSelect, useStaff } from './OwnerSelect';
