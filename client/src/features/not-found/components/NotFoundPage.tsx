import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import './not-found.css';

export default function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you are looking for does not exist.');
  return (
    <section className="not-found container section">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p className="muted">Sorry, the page you are looking for does not exist or has been moved.</p>
      <div className="button-row button-row--center">
        <Link to={paths.home} className="button button--primary">
          Back to Home
        </Link>
        <Link to={paths.contact} className="button button--outline">
          Contact Us
        </Link>
      </div>
    </section>
  );
}
