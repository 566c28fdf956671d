import { useEffect } from 'react';

/** Placeholder for the private admin area (its own lazy chunk; built in a later issue). */
export default function AdminApp() {
  useEffect(() => {
    document.title = 'Admin | Vandy Travel and Recruitment Services';
  }, []);
  return (
    <main id="main" className="container section">
      <h1>Admin</h1>
    </main>
  );
}
