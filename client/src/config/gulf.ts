/** Open job orders per Gulf country, shown on the home country cards and the package cards. */
export const jobsAvailable: Record<string, string> = {
  UAE: '2,500+',
  'Saudi Arabia': '1,800+',
  Qatar: '1,200+',
  Kuwait: '900+',
  Bahrain: '650+',
  Oman: '500+',
};

export const countryFullName: Record<string, string> = {
  UAE: 'United Arab Emirates',
  'Saudi Arabia': 'Saudi Arabia',
  Qatar: 'Qatar',
  Kuwait: 'Kuwait',
  Bahrain: 'Bahrain',
  Oman: 'Oman',
};
