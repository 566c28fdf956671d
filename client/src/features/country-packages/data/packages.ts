import { constants } from '@/config/rules';
import { slugify } from '@/lib/slug';
import { countryFullName, jobsAvailable } from '@/config/gulf';
import type { IconCard } from '@/components/ui/IconCardGrid';

interface PackageDetails {
  description: string;
  averageSalary: string;
  features: string[];
  industries: string[];
  packageIncludes: string[];
}

const details: Record<string, PackageDetails> = {
  UAE: {
    description: 'The region’s busiest job market, with modern cities and a large African community.',
    averageSalary: '$2,500-$8,000',
    features: [
      'Tax-free salary',
      'Employer-provided accommodation',
      'Annual return ticket',
      'Medical insurance',
      '30 days paid leave',
      'End-of-service gratuity',
    ],
    industries: ['Hospitality', 'Construction', 'Healthcare', 'Retail', 'Logistics', 'Security'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Visa and entry permit processing',
      'Pre-departure orientation',
      'Medical test booking',
      'Flight booking',
      'Airport pick-up',
    ],
  },
  'Saudi Arabia': {
    description: 'Giga-projects and a growing private sector create steady demand for skilled workers.',
    averageSalary: '$2,000-$7,000',
    features: [
      'Tax-free salary',
      'Free housing or allowance',
      'Transport to work',
      'Medical insurance',
      'Paid annual leave',
      'End-of-service benefit',
    ],
    industries: ['Construction', 'Oil & Gas', 'Healthcare', 'Transport', 'Facilities', 'Manufacturing'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Work visa processing',
      'Document attestation',
      'Medical test booking',
      'Flight booking',
      'Arrival support',
    ],
  },
  Qatar: {
    description: 'High salaries and world-class hospitality, healthcare and infrastructure employers.',
    averageSalary: '$2,800-$9,000',
    features: [
      'Tax-free salary',
      'Accommodation provided',
      'Transport provided',
      'Health card',
      'Annual leave ticket',
      'End-of-service gratuity',
    ],
    industries: ['Hospitality', 'Healthcare', 'Construction', 'Aviation', 'Security', 'Facilities'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Work permit processing',
      'Interview preparation',
      'Medical test booking',
      'Flight booking',
      'Airport pick-up',
    ],
  },
  Kuwait: {
    description: 'Stable employers and good savings potential in healthcare, oil and services.',
    averageSalary: '$2,200-$6,500',
    features: [
      'Tax-free salary',
      'Housing or allowance',
      'Medical care',
      'Paid leave',
      'Return ticket',
      'End-of-service indemnity',
    ],
    industries: ['Oil & Gas', 'Healthcare', 'Domestic Services', 'Retail', 'Hospitality', 'Engineering'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Visa processing',
      'Pre-departure orientation',
      'Medical test booking',
      'Flight booking',
      'Arrival support',
    ],
  },
  Bahrain: {
    description: 'A friendly, open island kingdom with a relaxed pace and fast visa processing.',
    averageSalary: '$1,800-$5,500',
    features: [
      'Tax-free salary',
      'Accommodation support',
      'Medical insurance',
      'Annual leave',
      'Return ticket',
      'End-of-service benefit',
    ],
    industries: ['Banking & Finance', 'Hospitality', 'Retail', 'Construction', 'Healthcare', 'Aluminium'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Work visa processing',
      'Document checks',
      'Medical test booking',
      'Flight booking',
      'Airport pick-up',
    ],
  },
  Oman: {
    description: 'Calm cities, beautiful coastline and growing tourism and logistics sectors.',
    averageSalary: '$1,500-$4,500',
    features: [
      'Tax-free salary',
      'Accommodation provided',
      'Transport provided',
      'Medical insurance',
      'Paid annual leave',
      'End-of-service gratuity',
    ],
    industries: ['Tourism', 'Logistics', 'Fisheries', 'Construction', 'Healthcare', 'Education'],
    packageIncludes: [
      'Job placement with a verified employer',
      'Visa processing',
      'Pre-departure orientation',
      'Medical test booking',
      'Flight booking',
      'Arrival support',
    ],
  },
};

export interface CountryPackage extends PackageDetails {
  country: string;
  fullName: string;
  price: number;
  rating: number;
  processingTime: string;
  popular: boolean;
  jobsAvailable: string;
  /** Local card art (client/scripts/make-svgs.py), 480x240. */
  image: string;
}

export const countryPackages: CountryPackage[] = constants.countryPackages.map((p) => ({
  country: p.country,
  fullName: countryFullName[p.country] ?? p.country,
  price: p.priceUsd,
  rating: p.rating,
  processingTime: p.processingTime,
  popular: p.popular,
  jobsAvailable: jobsAvailable[p.country] ?? '',
  image: `/images/packages/${slugify(p.country)}.svg`,
  ...(details[p.country] as PackageDetails),
}));

export const cardLimits = constants.packageCard;

export const benefits: IconCard[] = [
  {
    title: 'Job Guarantee',
    text: 'A placement with a verified employer, or a full refund of your package fee.',
    icon: 'shield',
  },
  {
    title: 'Fast Processing',
    text: 'Most visas are ready within the processing time shown on each package.',
    icon: 'clock',
  },
  {
    title: 'Verified Employers',
    text: 'Every employer is checked and every contract is in writing.',
    icon: 'check',
  },
  {
    title: 'Support Abroad',
    text: 'Our UAE office and 24/7 line support you after arrival.',
    icon: 'headset',
  },
];
