"""Business constants of the specification (section 9), exactly as written there.

Every list the product shows or validates against lives here once; the client receives
them through the generated rules export (``python -m agency_core.rules_export``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

AGENCY_NAME: Final = "Vandy Travel and Recruitment Services"
AGENCY_TITLE: Final = "Vandy Travel"
AGENCY_SUBTITLE: Final = "and Recruitment Services"
AGENCY_SHORT_NAME: Final = "VANDY"
AGENCY_TAGLINE: Final = "Connecting Talent Worldwide..."
AGENCY_SIGN_OFF: Final = "- Vandy Travel & Recruitment"
AGENCY_TIME_ZONE: Final = "Africa/Accra"
OFFICE_LOCATION: Final = "Kumasi, Ghana"
OFFICE_HOURS: Final = "Mon-Fri 8:00-18:00"
EMERGENCY_SUPPORT: Final = "24/7 emergency support"
CONTACT_EMAIL: Final = "info@vandytravel.com"

GHANA_PHONES: Final = ("+233241234567", "+233207654321")
UAE_PHONES: Final = ("+971501234567", "+971557654321")
DISPLAYED_PHONES: Final = GHANA_PHONES + UAE_PHONES
"""The two Ghana and two UAE numbers shown on the site; also the default admin alert recipients."""
WHATSAPP_PHONE: Final = GHANA_PHONES[0]

# Timings and limits
SPLASH_MS: Final = 3000
NEWSLETTER_POPUP_DELAY_MS: Final = 10_000
NEWSLETTER_POPUP_FLAG: Final = "newsletter-popup-shown"
CHAT_REPLY_DELAY_MIN_MS: Final = 1000
CHAT_REPLY_DELAY_MAX_MS: Final = 2000
WIZARD_STEPS: Final = 4
WIZARD_STEP_TITLES: Final = ("Personal Info", "Job Preferences", "Experience", "Documents")
PROCESSING_FEE_USD: Final = 50
ADMIN_ALERT_RECIPIENTS: Final = 4
ID_PREFIX: Final = "VA"
SENDER_ID_MAX_LENGTH: Final = 11

# Promises (section 9)
APPLICATION_REPLY_WITHIN: Final = "48 hours"
PROCESSING_TIME: Final = "2-3 business days"
APPROVAL_CALL_WITHIN: Final = "24 hours"
APPOINTMENT_REMINDER_BEFORE: Final = "24 hours"
APPOINTMENT_REPLY_WITHIN: Final = "24 hours"

# Marketing claims
CLAIM_PLACEMENTS: Final = "10,000+"
CLAIM_COUNTRIES: Final = "50+"
CLAIM_SUCCESS_RATE: Final = "98%"
CLAIM_YEARS: Final = "15+"

CHAT_QUICK_OPTIONS: Final = (
    "Job opportunities",
    "Visa services",
    "Study abroad",
    "Book appointment",
    "Contact information",
)
CHAT_JOB_COUNTRIES: Final = ("UAE", "Saudi Arabia", "Qatar", "Kuwait")
CHAT_STUDY_DESTINATIONS: Final = (
    "UK",
    "USA",
    "Canada",
    "Germany",
    "Australia",
    "Turkey",
    "Belgium",
    "Qatar",
    "China",
    "Japan",
)

NEWSLETTER_INTERESTS: Final = (
    "Job Opportunities",
    "Visa Updates",
    "Study Abroad",
    "Travel Tips",
    "Country Guides",
)

_JOB_CATEGORIES_BASE: Final = (
    "Information Technology",
    "Healthcare & Medical",
    "Engineering",
    "Construction",
    "Hospitality & Tourism",
    "Education",
    "Finance & Banking",
    "Sales & Marketing",
    "Manufacturing",
    "Transportation",
    "Domestic Services",
)
JOB_ALERT_CATEGORIES: Final = (*_JOB_CATEGORIES_BASE, "Any")
APPLICATION_JOB_CATEGORIES: Final = (*_JOB_CATEGORIES_BASE, "Other")

_GULF_COUNTRIES: Final = (
    "United Arab Emirates",
    "Saudi Arabia",
    "Qatar",
    "Kuwait",
    "Bahrain",
    "Oman",
)
JOB_ALERT_COUNTRIES: Final = (*_GULF_COUNTRIES, "Any Gulf Country", "Other")
APPLICATION_COUNTRIES: Final = (*_GULF_COUNTRIES, "Singapore", "Malaysia", "Other")

SALARY_RANGES: Final = (
    "Below $1,000",
    "$1,000-$2,000",
    "$2,000-$3,000",
    "$3,000-$5,000",
    "$5,000-$8,000",
    "Above $8,000",
    "Negotiable",
)

JOB_ALERT_EXPERIENCE_LEVELS: Final = (
    "Fresh Graduate (0-1 years)",
    "Entry Level (1-3)",
    "Mid Level (3-5)",
    "Senior Level (5-10)",
    "Expert Level (10+)",
    "Any Level",
)
APPLICATION_EXPERIENCE_LEVELS: Final = (
    "Fresh Graduate (0-1 years)",
    "Entry Level (1-3 years)",
    "Mid Level (3-5 years)",
    "Senior Level (5-10 years)",
    "Expert Level (10+ years)",
)
EDUCATION_LEVELS: Final = (
    "High School",
    "Diploma/Certificate",
    "Bachelor's Degree",
    "Master's Degree",
    "Doctorate",
    "Professional Certification",
)
AVAILABILITY: Final = ("Immediately", "Within 1 month", "Within 3 months", "Within 6 months")

APPOINTMENT_TIME_SLOTS: Final = (
    "09:00 AM",
    "10:00 AM",
    "11:00 AM",
    "12:00 PM",
    "01:00 PM",
    "02:00 PM",
    "03:00 PM",
    "04:00 PM",
    "05:00 PM",
)
APPOINTMENT_SERVICE_TYPES: Final = (
    "recruitment",
    "study-abroad",
    "visa-services",
    "travel-arrangements",
    "document-processing",
    "general-consultation",
)
APPOINTMENT_COUNTRIES: Final = (
    "UAE",
    "Saudi Arabia",
    "Qatar",
    "Kuwait",
    "Bahrain",
    "Oman",
    "UK",
    "US",
    "Canada",
    "Germany",
    "Australia",
    "Turkey",
    "Belgium",
    "China",
    "Japan",
    "Other",
)
CONTACT_SERVICES: Final = (
    "General Inquiry",
    "Job Application Support",
    "Visa Services",
    "Travel Arrangements",
    "Corporate Services",
    "Document Processing",
    "Other",
)

APPLICATION_STATUSES: Final = ("received", "processing", "approved", "rejected")


@dataclass(frozen=True, slots=True)
class CountryCard:
    """A Gulf country card on the home page."""

    name: str
    salary_range: str


HOME_COUNTRY_CARDS: Final = (
    CountryCard("UAE", "$2,500-$8,000"),
    CountryCard("Saudi Arabia", "$2,000-$7,000"),
    CountryCard("Qatar", "$2,800-$9,000"),
    CountryCard("Kuwait", "$2,200-$6,500"),
    CountryCard("Bahrain", "$1,800-$5,500"),
    CountryCard("Oman", "$1,500-$4,500"),
)


@dataclass(frozen=True, slots=True)
class PackageFee:
    """The fee line of a country package."""

    country: str
    price_usd: int
    processing_time: str
    rating: float
    popular: bool


COUNTRY_PACKAGES: Final = (
    PackageFee("UAE", 1200, "4-6 weeks", 4.9, True),
    PackageFee("Saudi Arabia", 1000, "5-7 weeks", 4.7, False),
    PackageFee("Qatar", 1300, "4-5 weeks", 4.8, True),
    PackageFee("Kuwait", 950, "5-6 weeks", 4.6, False),
    PackageFee("Bahrain", 850, "4-5 weeks", 4.5, False),
    PackageFee("Oman", 800, "5-7 weeks", 4.4, False),
)
PACKAGE_ITEMS_EACH: Final = 6
PACKAGE_CARD_FEATURES: Final = 4
PACKAGE_CARD_INDUSTRIES: Final = 4
PACKAGE_CARD_INCLUSIONS: Final = 3


@dataclass(frozen=True, slots=True)
class StudyTuition:
    """Indicative yearly tuition of a study destination."""

    name: str
    tuition_range: str


STUDY_DESTINATIONS: Final = (
    StudyTuition("United Kingdom", "£15,000-35,000"),
    StudyTuition("United States", "$20,000-60,000"),
    StudyTuition("Canada", "CAD 15,000-30,000"),
    StudyTuition("Germany", "€0-3,000 (public)"),
    StudyTuition("Australia", "AUD 20,000-45,000"),
    StudyTuition("Turkey", "$2,000-8,000"),
    StudyTuition("Belgium", "€835-4,175 (EU)"),
    StudyTuition("Qatar", "$15,000-50,000"),
    StudyTuition("China", "$3,000-10,000"),
    StudyTuition("Japan", "¥500,000-1,500,000"),
)


@dataclass(frozen=True, slots=True)
class BlogCategory:
    name: str
    count: int


BLOG_CATEGORIES: Final = (
    BlogCategory("UAE Jobs", 15),
    BlogCategory("Career Advice", 12),
    BlogCategory("Interview Tips", 8),
    BlogCategory("Cultural Guide", 6),
    BlogCategory("Salary Guide", 10),
    BlogCategory("Documentation", 5),
)
POPULAR_TAG_COUNT: Final = 12


@dataclass(frozen=True, slots=True)
class UploadRule:
    """What an upload field accepts: extensions and a size limit (the spec's hints)."""

    extensions: tuple[str, ...]
    max_bytes: int
    label: str

    @property
    def max_megabytes(self) -> int:
        return self.max_bytes // (1024 * 1024)


MEGABYTE: Final = 1024 * 1024
UPLOAD_RULES: Final = {
    "cv": UploadRule((".pdf", ".doc", ".docx"), 5 * MEGABYTE, "CV"),
    "passport": UploadRule((".pdf", ".jpg", ".jpeg", ".png"), 5 * MEGABYTE, "Passport copy"),
    "photo": UploadRule((".jpg", ".jpeg", ".png"), 2 * MEGABYTE, "Photo"),
}

SERVICE_TYPE_LABELS: Final = {
    "recruitment": "Recruitment",
    "study-abroad": "Study Abroad",
    "visa-services": "Visa Services",
    "travel-arrangements": "Travel Arrangements",
    "document-processing": "Document Processing",
    "general-consultation": "General Consultation",
}
