/** The public face of this admin feature: what other admin features may import (the order page's packs). */
export { PacksSection } from './PacksSection';
