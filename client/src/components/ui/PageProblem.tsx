import { Link } from 'react-router-dom';

interface PageProblemProps {
  title: string;
  message: string;
  back: { to: string; label: string };
  /** A failure to load (announced); otherwise the record does not exist. */
  failed?: boolean;
}

/** What a record page shows instead of its record: a load failure or "not found". */
export function PageProblem({ title, message, back, failed = false }: PageProblemProps) {
  return (
    <section className={failed ? 'container section' : 'container section not-found'}>
      <h1>{title}</h1>
      {failed ? (
        <p className="notice" role="alert">
          {message}
        </p>
      ) : (
        <p className="muted">{message}</p>
      )}
      <Link to={back.to} className="button button--primary">
        {back.label}
      </Link>
    </section>
  );
}
