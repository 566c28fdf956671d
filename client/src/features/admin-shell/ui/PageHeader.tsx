/** A page's heading, with its actions beside it. */
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <h1>{title}</h1>
      {children ? <div className="admin-page-header__actions">{children}</div> : null}
    </div>
  );
}
