/** Every client route of spec section 2, in one place. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  studyAbroad: '/study-abroad',
  countryPackages: '/country-packages',
  blog: '/blog',
  blogPost: (id: string) => `/blog/${encodeURIComponent(id)}`,
  blogCategory: (slug: string) => `/blog/category/${encodeURIComponent(slug)}`,
  blogTag: (tag: string) => `/blog/tag/${encodeURIComponent(tag)}`,
  contact: '/contact',
  bookAppointment: '/book-appointment',
  apply: '/apply',
  paymentCallback: '/payment/callback',
  paymentStart: '/payment/start',
  jobs: '/jobs',
  job: (id: string) => `/jobs/${encodeURIComponent(id)}`,
  track: '/track',
  privacy: '/privacy',
  terms: '/terms',
  admin: '/admin',
} as const;

export interface NavItem {
  label: string;
  to: string;
  cta?: 'primary' | 'secondary';
}

export const mainNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Services', to: paths.services },
  { label: 'Study Abroad', to: paths.studyAbroad },
  { label: 'Country Packages', to: paths.countryPackages },
  { label: 'Jobs', to: paths.jobs },
  { label: 'Blog', to: paths.blog },
  { label: 'Contact', to: paths.contact },
  // A way back in (issue 43): the applicant follows an application with its ID and phone or e-mail.
  { label: 'Track', to: paths.track },
  { label: 'Book Now', to: paths.bookAppointment, cta: 'secondary' },
  { label: 'Enroll Now', to: paths.apply, cta: 'primary' },
];

export const footerQuickLinks: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Services', to: paths.services },
  { label: 'Apply for Jobs', to: paths.apply },
  { label: 'About Us', to: paths.about },
  { label: 'Contact', to: paths.contact },
  { label: 'Track Your Application', to: paths.track },
];

export const legalLinks: NavItem[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Cookie Policy', to: '/privacy#cookies' },
];
