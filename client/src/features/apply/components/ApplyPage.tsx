import { HelpPanel } from '@/components/ui/HelpPanel';
import { PageHero } from '@/components/ui/PageHero';
import { constants } from '@/config/rules';
import { usePageMeta } from '@/lib/use-page-meta';
import { ApplicationForm } from './ApplicationForm';

export default function ApplyPage() {
  usePageMeta('Apply for Jobs Abroad', 'Apply online for jobs in the UAE, Saudi Arabia, Qatar, Kuwait, Bahrain, Oman and more in four simple steps.');
  return (
    <>
      <PageHero
        eyebrow="Enroll Now"
        title="Apply for Jobs Abroad"
        lead={`Four simple steps. We review every application within ${constants.promises.applicationReplyWithin} and keep you updated by SMS.`}
      />
      <section className="section section--tint">
        <div className="container form-layout">
          <div className="card form-card">
            <h2>Job Application</h2>
            <ApplicationForm />
          </div>
          <HelpPanel text={`Questions about your application? Our recruiters answer calls ${constants.officeHours}.`} />
        </div>
      </section>
    </>
  );
}
