import { constants } from '@/config/rules';
import type { IconCard } from '@/components/ui/IconCardGrid';

export const aboutStats: { value: string; label: string }[] = [
  { value: constants.claims.years, label: 'Years of Experience' },
  { value: constants.claims.countries, label: 'Countries' },
  { value: constants.claims.placements, label: 'Successful Placements' },
  { value: constants.claims.successRate, label: 'Success Rate' },
  { value: '500+', label: 'Partner Companies' },
  { value: '5,000+', label: 'Active Candidates' },
];

export const values: IconCard[] = [
  {
    title: 'Integrity',
    text: 'Honest advice, written contracts and receipts for every payment. We say no to jobs we cannot verify.',
    icon: 'shield',
  },
  {
    title: 'Care',
    text: 'We treat every candidate like family, before departure and long after arrival.',
    icon: 'heart',
  },
  {
    title: 'Excellence',
    text: 'Careful screening and preparation so employers come back to us year after year.',
    icon: 'award',
  },
  {
    title: 'Partnership',
    text: 'Long-term relationships with employers, embassies and training centres across the Gulf.',
    icon: 'users',
  },
];

export const milestones: { year: string; title: string; text: string }[] = [
  {
    year: '2009',
    title: 'Founded in Kumasi',
    text: 'Opened a two-person office in Adum with our first placements of drivers in Dubai.',
  },
  {
    year: '2011',
    title: 'Licensed and registered',
    text: 'Became a fully licensed private employment agency and grew to a team of ten.',
  },
  {
    year: '2013',
    title: 'Saudi Arabia and Qatar',
    text: 'Signed our first employer partnerships in Riyadh and Doha.',
  },
  { year: '2015', title: '1,000 placements', text: 'Celebrated our thousandth candidate placed abroad.' },
  {
    year: '2017',
    title: 'UAE partner office',
    text: 'Opened a partner office in Dubai to support candidates after arrival.',
  },
  {
    year: '2019',
    title: 'Healthcare division',
    text: 'Started recruiting nurses and caregivers with licensing support.',
  },
  {
    year: '2020',
    title: 'Online consultations',
    text: 'Moved consultations and interviews online to keep candidates moving safely.',
  },
  {
    year: '2022',
    title: 'Study Abroad launched',
    text: 'Began helping students reach universities in ten countries.',
  },
  {
    year: '2023',
    title: '8,000 placements',
    text: 'Expanded to Kuwait, Bahrain and Oman with new corporate clients.',
  },
  {
    year: '2024',
    title: '10,000+ placements',
    text: 'Passed ten thousand placements and launched our digital application.',
  },
];

export const team: { name: string; role: string; bio: string; image: string }[] = [
  {
    name: 'Vincent Andy Boakye',
    role: 'Founder & Managing Director',
    bio: 'Fifteen years of Gulf recruitment experience and the founder of the agency.',
    image: '/images/team/vincent.svg',
  },
  {
    name: 'Grace Owusu-Ansah',
    role: 'Head of Recruitment',
    bio: 'Leads screening, trade tests and employer relations across six Gulf countries.',
    image: '/images/team/grace.svg',
  },
  {
    name: 'Ibrahim Al-Mansoori',
    role: 'UAE Operations Manager',
    bio: 'Runs our Dubai partner office and supports candidates after arrival.',
    image: '/images/team/ibrahim.svg',
  },
  {
    name: 'Nana Akua Frimpong',
    role: 'Visa & Documentation Lead',
    bio: 'Guides every file through attestation, medicals and visa processing.',
    image: '/images/team/nana.svg',
  },
];

export const awards: { year: string; title: string; by: string }[] = [
  { year: '2024', title: 'Recruitment Agency of the Year', by: 'Ghana Business Excellence Awards' },
  { year: '2023', title: 'Excellence in Ethical Recruitment', by: 'West Africa HR Forum' },
  { year: '2022', title: 'Top Employer Partner', by: 'Gulf Hospitality Group' },
  { year: '2021', title: 'Customer Service Award', by: 'Ashanti Regional Business Council' },
];
