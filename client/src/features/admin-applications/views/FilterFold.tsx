import { useId, useState, type ReactNode } from 'react';

/** The filters behind one button below a tablet width (CSS shows them always on wider screens). */
export function FilterFold({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="admin-fold" data-open={open ? 'true' : 'false'}>
      <button
        type="button"
        className="admin-button admin-fold__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {open ? 'Hide filters' : 'Filters'}
        {count > 0 ? ` (${count})` : ''}
      </button>
      <div id={id} className="admin-fold__body">
        {children}
      </div>
    </div>
  );
}
