import { constants } from '@/config/rules';
import { slugify } from '@/lib/slug';
import type { IconCard } from '@/components/ui/IconCardGrid';

interface DestinationDetails {
  description: string;
  duration: string;
  highlights: string[];
  popularCourses: string[];
}

const details: Record<string, DestinationDetails> = {
  'United Kingdom': {
    description: 'World-famous universities, one-year master’s degrees and a post-study work route.',
    duration: '3-4 years (Bachelor’s), 1 year (Master’s)',
    highlights: ['Graduate Route work visa', 'Short master’s programmes', 'Large Ghanaian community'],
    popularCourses: ['Business', 'Nursing', 'Computer Science', 'Law'],
  },
  'United States': {
    description: 'The widest choice of universities and courses, with flexible majors and campus life.',
    duration: '4 years (Bachelor’s), 2 years (Master’s)',
    highlights: ['Scholarships and assistantships', 'Optional Practical Training', 'Flexible course choices'],
    popularCourses: ['Engineering', 'Data Science', 'Business', 'Public Health'],
  },
  Canada: {
    description: 'High-quality, affordable education with clear routes to work after graduation.',
    duration: '3-4 years (Bachelor’s), 1-2 years (College)',
    highlights: ['Post-graduation work permit', 'Safe, welcoming cities', 'Co-op programmes'],
    popularCourses: ['IT', 'Healthcare', 'Business', 'Engineering'],
  },
  Germany: {
    description: 'Tuition-free or low-cost public universities and strong engineering programmes.',
    duration: '3 years (Bachelor’s), 2 years (Master’s)',
    highlights: [
      'Little or no tuition at public universities',
      'Many English-taught master’s',
      '18-month job-seeker stay',
    ],
    popularCourses: ['Mechanical Engineering', 'Computer Science', 'Renewable Energy', 'Economics'],
  },
  Australia: {
    description: 'Excellent universities, a sunny lifestyle and part-time work while you study.',
    duration: '3 years (Bachelor’s), 1.5-2 years (Master’s)',
    highlights: ['Post-study work visa', 'Part-time work allowed', 'High quality of life'],
    popularCourses: ['Nursing', 'Accounting', 'Engineering', 'Hospitality'],
  },
  Turkey: {
    description: 'Affordable tuition, modern campuses and a bridge between Europe and Asia.',
    duration: '4 years (Bachelor’s), 2 years (Master’s)',
    highlights: ['Türkiye Scholarships', 'Low cost of living', 'English-taught programmes'],
    popularCourses: ['Medicine', 'Architecture', 'International Relations', 'Engineering'],
  },
  Belgium: {
    description: 'Low EU tuition at respected universities in the heart of Europe.',
    duration: '3 years (Bachelor’s), 1-2 years (Master’s)',
    highlights: ['Low tuition fees', 'Multilingual environment', 'Access to EU institutions'],
    popularCourses: ['Political Science', 'Business', 'Biotechnology', 'Languages'],
  },
  Qatar: {
    description: 'Branch campuses of leading international universities in Education City, Doha.',
    duration: '4 years (Bachelor’s), 2 years (Master’s)',
    highlights: ['International branch campuses', 'Generous scholarships', 'Tax-free internships'],
    popularCourses: ['Petroleum Engineering', 'Medicine', 'Islamic Finance', 'Journalism'],
  },
  China: {
    description: 'Fast-growing universities, government scholarships and low living costs.',
    duration: '4 years (Bachelor’s), 2-3 years (Master’s)',
    highlights: ['Chinese Government Scholarships', 'Affordable medicine programmes', 'Learn Mandarin'],
    popularCourses: ['Medicine (MBBS)', 'Engineering', 'International Trade', 'Mandarin'],
  },
  Japan: {
    description: 'Cutting-edge technology, safe cities and scholarships for international students.',
    duration: '4 years (Bachelor’s), 2 years (Master’s)',
    highlights: ['MEXT scholarships', 'Very safe and clean', 'Strong tech industry links'],
    popularCourses: ['Robotics', 'Electronics', 'Business', 'Japanese Studies'],
  },
};

export interface Destination extends DestinationDetails {
  name: string;
  tuitionRange: string;
  /** Local card art (client/scripts/make-svgs.py), 480x240. */
  image: string;
}

export const destinations: Destination[] = constants.studyDestinations.map((d) => ({
  ...d,
  ...(details[d.name] ?? { description: '', duration: '', highlights: [], popularCourses: [] }),
  image: `/images/destinations/${slugify(d.name)}.svg`,
}));

export const studyReasons: IconCard[] = [
  {
    title: 'Global Qualifications',
    text: 'Degrees recognised by employers around the world.',
    icon: 'graduation',
  },
  { title: 'Career Opportunities', text: 'Post-study work routes in many destinations.', icon: 'briefcase' },
  { title: 'Cultural Experience', text: 'New languages, friends and perspectives.', icon: 'globe' },
  { title: 'Personal Growth', text: 'Independence and confidence that last a lifetime.', icon: 'star' },
];

export const studyServices: IconCard[] = [
  {
    title: 'University Selection',
    text: 'Shortlists that match your grades, budget and goals.',
    icon: 'target',
  },
  { title: 'Application Support', text: 'Personal statements, references and applications.', icon: 'file' },
  {
    title: 'Student Visa',
    text: 'Financial documents, interview practice and visa filing.',
    icon: 'passport',
  },
  { title: 'Pre-Departure', text: 'Flights, accommodation and orientation before you fly.', icon: 'plane' },
];
