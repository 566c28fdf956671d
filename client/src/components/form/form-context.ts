import { createContext, useContext } from 'react';

/** The id prefix of the form that renders a field, so two forms on a page never share ids. */
export const FormIdContext = createContext('form');

export function useFieldIds(name: string) {
  const prefix = useContext(FormIdContext);
  const id = `${prefix}-${name}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

export interface FormStatus {
  /** Messages the API answered (422), shown until the field changes. */
  serverErrors?: Record<string, string>;
}
