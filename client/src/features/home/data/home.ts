import type { IconName } from '@/components/ui/Icon';
import { constants } from '@/config/rules';
import { paths } from '@/config/paths';

const { claims, promises } = constants;

export const achievements: { value: string; label: string; icon: IconName }[] = [
  { value: claims.countries, label: 'Countries Served', icon: 'globe' },
  { value: '10K+', label: 'Jobs Placed', icon: 'briefcase' },
  { value: claims.years, label: 'Years Experience', icon: 'award' },
  { value: claims.successRate, label: 'Success Rate', icon: 'chart' },
];

export const getStarted: { title: string; text: string; to: string; cta: string; icon: IconName }[] = [
  {
    title: 'Apply for Jobs',
    text: 'Complete our four-step application in minutes and get matched with verified Gulf employers.',
    to: paths.apply,
    cta: 'Start Application',
    icon: 'briefcase',
  },
  {
    title: 'Book Consultation',
    text: 'Talk to a recruitment or visa consultant in Kumasi or online at a time that suits you.',
    to: paths.bookAppointment,
    cta: 'Book a Time',
    icon: 'calendar',
  },
  {
    title: 'Study Abroad',
    text: 'Explore ten study destinations, compare tuition and get help with admission and student visas.',
    to: paths.studyAbroad,
    cta: 'Explore Destinations',
    icon: 'graduation',
  },
];

export const homeServices: { id: string; title: string; text: string; icon: IconName }[] = [
  {
    id: 'recruitment',
    title: 'Overseas Recruitment',
    text: 'Skilled and semi-skilled jobs with verified employers in the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain and Oman.',
    icon: 'briefcase',
  },
  {
    id: 'visa',
    title: 'Visa Services',
    text: 'Work, visit and student visa processing with document checks, attestation and embassy follow-up.',
    icon: 'passport',
  },
  {
    id: 'travel',
    title: 'Travel Arrangements',
    text: 'Flights, airport pick-up and pre-departure orientation so you arrive ready to start work.',
    icon: 'plane',
  },
  {
    id: 'corporate',
    title: 'Corporate Recruitment',
    text: 'Bulk and specialist hiring for Gulf employers: sourcing, screening, trade tests and mobilisation.',
    icon: 'building',
  },
];

export const trustPoints: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Licensed and Registered',
    text: 'A registered recruitment agency in Ghana with a partner office in the UAE.',
    icon: 'shield',
  },
  {
    title: 'Verified Employers',
    text: 'Every job order comes from an employer we have checked, with a written contract.',
    icon: 'check',
  },
  {
    title: 'Transparent Fees',
    text: 'Published package fees and receipts for every payment. No hidden charges.',
    icon: 'file',
  },
  {
    title: 'Support Abroad',
    text: `We stay in touch after you travel, with ${constants.emergencySupport}.`,
    icon: 'headset',
  },
];

export const trustPromises: string[] = [
  `We reply to every application within ${promises.applicationReplyWithin}.`,
  `Applications are processed in ${promises.processingTime}.`,
  `Approved candidates get a call within ${promises.approvalCallWithin}.`,
  `Appointment reminders ${promises.appointmentReminderBefore} before your visit.`,
];

export interface Testimonial {
  name: string;
  role: string;
  country: string;
  image: string;
  story: string;
  salary: string;
  duration: string;
  rating: number;
  date: string;
}

export const testimonials: Testimonial[] = [
  {
    name: 'Ama Serwaa',
    role: 'Registered Nurse',
    country: 'UAE',
    image: '/images/people/ama.svg',
    story:
      'Vandy guided me through licensing, the medical and the visa. Every step was explained and ' +
      'I always knew what came next. Today I work in a private hospital in Abu Dhabi.',
    salary: '$3,800/month',
    duration: '2 years',
    rating: 5,
    date: 'March 2026',
  },
  {
    name: 'Kofi Adjei',
    role: 'Heavy Vehicle Driver',
    country: 'Saudi Arabia',
    image: '/images/people/kofi.svg',
    story:
      'I had tried twice with other agents and lost money. Here I got a real contract before ' +
      'paying anything. The team even helped me prepare for my driving test in Riyadh.',
    salary: '$2,400/month',
    duration: '3 years',
    rating: 5,
    date: 'January 2026',
  },
  {
    name: 'Efua Mensah',
    role: 'Hotel Guest Relations',
    country: 'Qatar',
    image: '/images/people/efua.svg',
    story:
      'The interview coaching made the difference. I got an offer from a five-star hotel in Doha ' +
      'within six weeks, with accommodation and transport included.',
    salary: '$2,900/month',
    duration: '1 year',
    rating: 5,
    date: 'August 2026',
  },
];

export const successStories: { title: string; stat: string; text: string; icon: IconName }[] = [
  {
    title: '48 nurses to Abu Dhabi',
    stat: '6 weeks',
    text:
      'A hospital group needed qualified nurses fast. We screened 300 candidates, supported ' +
      'licensing and mobilised the first team in six weeks.',
    icon: 'heart',
  },
  {
    title: '120 construction workers to Riyadh',
    stat: '98% retention',
    text: 'Masons, steel fixers and electricians, all trade-tested in Kumasi before travel, for a major housing project.',
    icon: 'building',
  },
  {
    title: '35 hospitality staff to Doha',
    stat: '2 hotels',
    text: 'Waiters, room attendants and chefs trained in service standards during a two-week pre-departure programme.',
    icon: 'users',
  },
];
