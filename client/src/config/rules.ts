/**
 * Typed wrapper around the generated rules file (written by `python -m agency_core.rules`).
 * This is the single source for the constant lists of spec section 9 and the form rules.
 */
import { constants as rawConstants } from '@/generated/rules.json';

export type FieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'region'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'checkbox'
  | 'file'
  | 'longtext'
  | 'password';

export interface UploadRule {
  extensions: string[];
  maxBytes: number;
  maxMegabytes: number;
  typeMessage: string;
  sizeMessage: string;
}

export interface FieldRule {
  name: string;
  kind: FieldKind;
  maxLength: number;
  required?: string;
  options?: string[];
  onlyWhen?: string;
  /** A phone's: the name of the field holding its country (kind `region`). */
  region?: string;
  /** A phone country's preset value (`GH`). */
  default?: string;
  upload?: UploadRule;
  mustBeTrue?: boolean;
  notBeforeToday?: boolean;
}

export type FormName =
  | 'newsletter'
  | 'jobAlert'
  | 'applicationPersonal'
  | 'applicationPreferences'
  | 'applicationExperience'
  | 'applicationDocuments'
  | 'application'
  | 'appointment'
  | 'contact'
  | 'adminLogin';

export interface ApplicationStep {
  title: string;
  form: FormName;
  fields: string[];
}

export interface NamedCount {
  name: string;
  count: number;
}

export interface Constants {
  agencyName: string;
  agencyTitle: string;
  agencySubtitle: string;
  agencyTagline: string;
  timeZone: string;
  officeLocation: string;
  officeHours: string;
  emergencySupport: string;
  contactEmail: string;
  ghanaPhones: string[];
  uaePhones: string[];
  whatsappPhone: string;
  /** The WhatsApp opt-in checkbox's label (its wording version is kept with each opt-in). */
  whatsappOptIn: string;
  splashMs: number;
  newsletterPopupDelayMs: number;
  newsletterPopupFlag: string;
  chatReplyDelayMinMs: number;
  chatReplyDelayMaxMs: number;
  wizardSteps: number;
  processingFeeUsd: number;
  promises: {
    applicationReplyWithin: string;
    processingTime: string;
    approvalCallWithin: string;
    appointmentReminderBefore: string;
    appointmentReplyWithin: string;
  };
  claims: { placements: string; countries: string; successRate: string; years: string };
  chatQuickOptions: string[];
  chatJobCountries: string[];
  chatStudyDestinations: string[];
  newsletterInterests: string[];
  jobAlertCategories: string[];
  jobAlertCountries: string[];
  salaryRanges: string[];
  jobAlertExperienceLevels: string[];
  applicationCountries: string[];
  applicationJobCategories: string[];
  applicationExperienceLevels: string[];
  educationLevels: string[];
  availability: string[];
  appointmentTimeSlots: string[];
  appointmentServiceTypes: string[];
  serviceTypeLabels: Record<string, string>;
  appointmentCountries: string[];
  contactServices: string[];
  applicationStatuses: string[];
  homeCountryCards: { name: string; salaryRange: string }[];
  countryPackages: {
    country: string;
    priceUsd: number;
    processingTime: string;
    rating: number;
    popular: boolean;
  }[];
  packageCard: { features: number; industries: number; inclusions: number };
  studyDestinations: { name: string; tuitionRange: string }[];
  blogCategories: NamedCount[];
}

export const constants: Constants = rawConstants;
