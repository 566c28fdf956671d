import { useEffect } from 'react';

export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
}
