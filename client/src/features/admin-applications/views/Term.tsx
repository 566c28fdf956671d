import type { ReactNode } from 'react';

/** One term of an admin description list (`<dl>`): its name and value, marked "is-bad" when it needs a look. */
export function Term(props: { label: ReactNode; testId?: string; bad?: boolean; children: ReactNode }) {
  return (
    <div className={props.bad ? 'is-bad' : undefined}>
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}
