import { Link } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { paths } from '@/config/paths';
import { useLegal } from '@/lib/legal';
import { usePageMeta } from '@/lib/use-page-meta';
import { FeePolicySection } from './FeePolicySection';
import { LegalFactsList } from './PrivacyPage';
import './legal.css';

/** /terms: the terms of service; the agency's facts come from the server's settings. */
export default function TermsPage() {
  usePageMeta(
    'Terms of Service',
    'The terms on which Vandy Travel provides recruitment, visa, travel and study-abroad services.',
  );
  const facts = useLegal();
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Terms of Service"
        lead="The terms on which we provide our recruitment, visa, travel and study-abroad services."
      />
      <section className="section">
        <div className="container legal-page">
          {facts === null ? (
            <p role="status">Loading...</p>
          ) : (
            <>
              <h2>The agency</h2>
              <p>
                These services are provided by {facts.legalName}, a private employment agency licensed by the
                Labour Department of Ghana. Check our licence number before you pay any agency.
              </p>
              <LegalFactsList facts={facts} />
              <h2>Applications</h2>
              <p>
                Submitting an application does not guarantee a job offer. We only charge the fees shown on our
                site and confirmed in writing, and we never ask for payment to an individual's account.
              </p>
              <FeePolicySection />
              <h2>Your information</h2>
              <p>
                You confirm that the information and documents you send are true. How we use and keep them is
                set out in our <Link to={paths.privacy}>Privacy Policy</Link>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
