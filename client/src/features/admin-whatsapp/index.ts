/** The public face of this admin feature: what other admin features may import. */
export { WhatsAppOptInLine } from './WhatsAppOptInLine';
