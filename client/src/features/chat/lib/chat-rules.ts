/**
 * The scripted chat assistant (spec sections 4 and 9): one greeting, five quick options,
 * keyword rules checked in order, and a generic reply for anything else.
 */
import { constants } from '@/config/rules';
import { formatPhone } from '@/config/agency';

export type Sender = 'bot' | 'user';

export interface ChatMessage {
  id: string;
  text: string;
  sender: Sender;
  timestamp: number;
}

export const GREETING = `Hello! 👋 Welcome to ${constants.agencyName}. How can I help you today?`;

export const QUICK_OPTIONS: readonly string[] = constants.chatQuickOptions;

function listWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const jobCountries = `${constants.chatJobCountries.join(', ')} and more`;
const studyDestinations = listWithAnd(constants.chatStudyDestinations);
const phones = [...constants.ghanaPhones, ...constants.uaePhones].map(formatPhone);

export type RuleName =
  'job' | 'visa' | 'study' | 'appointment' | 'contact' | 'greeting' | 'price' | 'fallback';

interface Rule {
  name: Exclude<RuleName, 'fallback'>;
  pattern: RegExp;
  reply: string;
}

export const RULES: readonly Rule[] = [
  {
    name: 'job',
    pattern: /\b(job|work|employment)/i,
    reply:
      `We recruit for jobs in ${jobCountries}, in construction, hospitality, healthcare, ` +
      `driving, security, IT and more. You can apply online on our Enroll Now page, and our team ` +
      `replies within ${constants.promises.applicationReplyWithin}.`,
  },
  {
    name: 'visa',
    pattern: /\bvisa/i,
    reply:
      `We handle work visas, visit visas and document processing for ${jobCountries}. Book a ` +
      `consultation and we will check your documents and explain each step.`,
  },
  {
    name: 'study',
    pattern: /\b(study|education)/i,
    reply:
      `We help students apply to universities in ${studyDestinations}: course choice, admission, ` +
      `student visa and travel. Visit our Study Abroad page or book a consultation.`,
  },
  {
    name: 'appointment',
    pattern: /\b(appointment|book)/i,
    reply:
      `You can book a free consultation on our Book Now page. Choose a service, date and time, ` +
      `and we confirm within ${constants.promises.appointmentReplyWithin}, with a reminder ` +
      `${constants.promises.appointmentReminderBefore} before.`,
  },
  {
    name: 'contact',
    pattern: /\b(contact|phone|email|e-mail)/i,
    reply:
      `Call us on ${phones.join(', ')}, e-mail ${constants.contactEmail}, or visit our office in ` +
      `${constants.officeLocation}. Office hours: ${constants.officeHours}, with ` +
      `${constants.emergencySupport}.`,
  },
  {
    name: 'greeting',
    pattern: /\b(hello|hi|hey)\b/i,
    reply:
      'Hello! How can I help you today? Ask me about jobs abroad, visas, studying abroad or booking an appointment.',
  },
  {
    name: 'price',
    pattern: /\b(price|cost|fee)/i,
    reply:
      'Our fees depend on the destination and the service. Country package fees are listed on ' +
      'our Country Packages page, and a consultant can give you an exact quote during a free ' +
      'consultation.',
  },
];

export const FALLBACK_REPLY =
  'Thank you for your message! A member of our team will get back to you shortly. You can ' +
  'also call us or book a consultation for personal advice.';

export function matchRule(text: string): RuleName {
  const rule = RULES.find((r) => r.pattern.test(text));
  return rule ? rule.name : 'fallback';
}

export function getBotReply(text: string): string {
  const rule = RULES.find((r) => r.pattern.test(text));
  return rule ? rule.reply : FALLBACK_REPLY;
}

/** True when the input should be ignored (empty or whitespace only). */
export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** Random reply delay in [min, max] milliseconds; `random` is injectable for tests. */
export function replyDelayMs(random: () => number = Math.random): number {
  const { chatReplyDelayMinMs: min, chatReplyDelayMaxMs: max } = constants;
  return Math.round(min + random() * (max - min));
}

let counter = 0;
export function makeMessage(text: string, sender: Sender, now: number = Date.now()): ChatMessage {
  counter += 1;
  return { id: `${now}-${counter}`, text, sender, timestamp: now };
}

export function initialMessages(now: number = Date.now()): ChatMessage[] {
  return [makeMessage(GREETING, 'bot', now)];
}
