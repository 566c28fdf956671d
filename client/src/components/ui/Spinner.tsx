import './spinner.css';

export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__dot" aria-hidden="true" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
