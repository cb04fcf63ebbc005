import { pageTitle } from '@candor/domain';
import { useEffect } from 'react';

/** Sets the document title to '{title} - Candor' while the page is shown. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
