"""Every public route with texts that must appear on it (spec section 2)."""

from __future__ import annotations

ROUTES: dict[str, list[str]] = {
    "/": [
        "Enroll Now",
        "Book Now",
        "Countries Served",
        "Jobs Placed",
        "Years Experience",
        "Success Rate",
        "Apply for Jobs",
        "Book Consultation",
        "Overseas Recruitment",
        "Saudi Arabia",
        "$2,800-$9,000",
        "What Our Clients Say",
        "Success Stories",
    ],
    "/about": ["Our Mission", "Our Vision", "Our Values", "2009", "2024", "Meet the Team", "Awards", "500+", "5,000+"],
    "/services": [
        "Overseas Recruitment",
        "Visa Services",
        "Travel Arrangements",
        "Corporate Recruitment",
        "Documentation",
        "Accommodation",
        "24/7 Support",
    ],
    "/study-abroad": [
        "United Kingdom",
        "£15,000-35,000",
        "€0-3,000 (public)",
        "¥500,000-1,500,000",
        "Reasons to Study Abroad",
    ],
    "/jobs": ["Jobs Abroad", "No open jobs right now", "job alert"],
    "/country-packages": ["$1,200", "$1,300", "$800", "4-6 weeks", "Most Popular", "Job Guarantee"],
    "/blog": ["Load More Articles", "Categories", "Popular Tags", "UAE Jobs", "Career Advice", "Newsletter"],
    "/blog/1": ["Top 10 In-Demand Jobs", "Facebook", "X (Twitter)"],
    "/blog/category/career-advice": ["Spotting Recruitment Scams"],
    "/blog/tag/Interview": ["How to Prepare for an Interview"],
    "/contact": ["Send Us a Message", "Quick Contact", "Our Office Location", "English, Arabic and French"],
    "/book-appointment": ["Book a Consultation", "Service Type", "Preferred Time", "Chat on WhatsApp"],
    "/apply": ["Personal Info", "Job Preferences", "Experience", "Documents", "Next Step"],
}

SCREENSHOT_ROUTES: dict[str, str] = {
    "home": "/",
    "about": "/about",
    "services": "/services",
    "study-abroad": "/study-abroad",
    "country-packages": "/country-packages",
    "blog": "/blog",
    "blog-post": "/blog/1",
    "blog-category": "/blog/category/career-advice",
    "blog-tag": "/blog/tag/Interview",
    "blog-not-found": "/blog/does-not-exist",
    "contact": "/contact",
    "book-appointment": "/book-appointment",
    "apply": "/apply",
    "not-found": "/no-such-page",
}
