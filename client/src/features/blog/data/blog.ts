import { constants } from '@/config/rules';
import { slugify } from '@/lib/slug';

export const blogCategories = constants.blogCategories.map((c) => ({ ...c, slug: slugify(c.name) }));

export const popularTags: string[] = [
  'UAE',
  'Dubai',
  'Qatar',
  'Saudi Arabia',
  'Jobs',
  'Interview',
  'Visa',
  'Salary',
  'Culture',
  'Career',
  'Documentation',
  'Passport',
];

export function categoryBySlug(slug: string) {
  return blogCategories.find((c) => c.slug === slug);
}
