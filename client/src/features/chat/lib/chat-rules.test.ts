import { describe, expect, it } from 'vitest';
import { constants } from '@/config/rules';
import {
  FALLBACK_REPLY,
  GREETING,
  QUICK_OPTIONS,
  getBotReply,
  isBlank,
  matchRule,
  replyDelayMs,
} from './chat-rules';

describe('chat keyword rules', () => {
  it.each([
    ['I am looking for a job', 'job'],
    ['Any WORK in Dubai?', 'job'],
    ['employment opportunities', 'job'],
    ['Do you do visa processing?', 'visa'],
    ['I want to study in Canada', 'study'],
    ['education options', 'study'],
    ['How do I make an appointment?', 'appointment'],
    ['Can I book a meeting', 'appointment'],
    ['contact details please', 'contact'],
    ['what is your phone number', 'contact'],
    ['your email?', 'contact'],
    ['hello', 'greeting'],
    ['Hi there', 'greeting'],
    ['hey!', 'greeting'],
    ['What is the price?', 'price'],
    ['how much does it cost', 'price'],
    ['processing fee', 'price'],
    ['something else entirely', 'fallback'],
  ])('%s -> %s', (text, rule) => {
    expect(matchRule(text)).toBe(rule);
  });

  it('does not treat words that merely contain "hi" as a greeting', () => {
    expect(matchRule('this and that')).toBe('fallback');
  });

  it('maps every quick option to its own rule', () => {
    expect(QUICK_OPTIONS).toEqual([
      'Job opportunities',
      'Visa services',
      'Study abroad',
      'Book appointment',
      'Contact information',
    ]);
    expect(QUICK_OPTIONS.map(matchRule)).toEqual(['job', 'visa', 'study', 'appointment', 'contact']);
  });

  it('names the job countries in the job reply', () => {
    const reply = getBotReply('job');
    for (const country of constants.chatJobCountries) expect(reply).toContain(country);
    expect(reply).toContain('and more');
  });

  it('names all ten study destinations in the study reply', () => {
    const reply = getBotReply('study');
    expect(constants.chatStudyDestinations).toHaveLength(10);
    for (const place of constants.chatStudyDestinations) expect(reply).toContain(place);
  });

  it('gives the phones and e-mail in the contact reply', () => {
    const reply = getBotReply('contact');
    expect(reply).toContain(constants.contactEmail);
    expect(reply).toContain('+233 24 123 4567');
  });

  it('falls back to a generic reply', () => {
    expect(getBotReply('qwerty')).toBe(FALLBACK_REPLY);
  });

  it('greets with one message naming the agency', () => {
    expect(GREETING).toContain(constants.agencyName);
  });

  it('ignores empty and whitespace-only input', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   \n\t')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('waits a random 1 to 2 seconds before replying', () => {
    expect(replyDelayMs(() => 0)).toBe(1000);
    expect(replyDelayMs(() => 0.5)).toBe(1500);
    expect(replyDelayMs(() => 0.999999)).toBe(2000);
  });
});
