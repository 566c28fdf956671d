/** The public face of this admin feature: what other admin features may import. */
export { StagePanel } from './StagePanel';
