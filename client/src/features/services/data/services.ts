import type { IconName } from '@/components/ui/Icon';
import type { IconCard } from '@/components/ui/IconCardGrid';

export interface MainService {
  id: 'recruitment' | 'visa' | 'travel' | 'corporate';
  title: string;
  icon: IconName;
  summary: string;
  features: string[];
  process: string[];
}

export const mainServices: MainService[] = [
  {
    id: 'recruitment',
    title: 'Overseas Recruitment',
    icon: 'briefcase',
    summary:
      'We match skilled and semi-skilled candidates with verified employers in the UAE, Saudi ' +
      'Arabia, Qatar, Kuwait, Bahrain and Oman, and in Asia.',
    features: [
      'Jobs in construction, hospitality, healthcare, logistics, security and IT',
      'Verified employers and written contracts',
      'CV writing and interview coaching',
      'Trade tests and skills assessment in Kumasi',
      'Salary and benefits explained before you sign',
      'Follow-up support after arrival',
    ],
    process: [
      'Free consultation',
      'Application and screening',
      'Employer interview',
      'Offer and contract',
      'Visa, medical and travel',
    ],
  },
  {
    id: 'visa',
    title: 'Visa Services',
    icon: 'passport',
    summary:
      'Work, visit, family and student visas, with careful document checks so your application is right the first time.',
    features: [
      'Work and residence visa processing',
      'Visit and family visas',
      'Student visa applications',
      'Certificate authentication and attestation',
      'Medical and police clearance guidance',
      'Embassy appointment booking and follow-up',
    ],
    process: [
      'Document review',
      'Authentication and attestation',
      'Visa application',
      'Tracking and follow-up',
      'Visa collection',
    ],
  },
  {
    id: 'travel',
    title: 'Travel Arrangements',
    icon: 'plane',
    summary: 'From the flight to the first night abroad, we arrange the journey and prepare you for arrival.',
    features: [
      'Flight booking at competitive fares',
      'Pre-departure orientation',
      'Airport assistance in Accra',
      'Airport pick-up on arrival',
      'Travel insurance',
      'Hotel and accommodation booking',
    ],
    process: [
      'Travel plan',
      'Booking and ticketing',
      'Orientation session',
      'Departure support',
      'Arrival check-in call',
    ],
  },
  {
    id: 'corporate',
    title: 'Corporate Recruitment',
    icon: 'building',
    summary:
      'Bulk and specialist hiring for Gulf employers, with screening, trade testing and mobilisation handled end to end.',
    features: [
      'Bulk recruitment campaigns',
      'Specialist and management search',
      'Trade tests and video interviews',
      'Document and visa mobilisation',
      'Pre-departure training',
      'Replacement guarantee',
    ],
    process: [
      'Job order and requirements',
      'Sourcing and shortlisting',
      'Client interviews',
      'Mobilisation',
      'Deployment and follow-up',
    ],
  },
];

export const additionalServices: IconCard[] = [
  {
    title: 'Documentation',
    text: 'Passport renewals, police reports, certificate attestation and translations handled for you.',
    icon: 'file',
  },
  {
    title: 'Accommodation',
    text: 'Help to find safe, affordable housing near your workplace or campus.',
    icon: 'home',
  },
  {
    title: '24/7 Support',
    text: 'A support line for candidates abroad, day and night, for any emergency.',
    icon: 'headset',
  },
];

export const reasons: IconCard[] = [
  { title: '15+ Years of Experience', text: 'Thousands of candidates placed since 2009.', icon: 'award' },
  { title: 'Licensed Agency', text: 'Fully registered, with transparent fees and receipts.', icon: 'shield' },
  { title: 'Offices in Ghana and the UAE', text: 'Support on both ends of your journey.', icon: 'globe' },
  {
    title: '98% Success Rate',
    text: 'Careful preparation means most candidates succeed first time.',
    icon: 'chart',
  },
];
