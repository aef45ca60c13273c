/** The browser tab's title: the page, then the store it is for ("Orders · Main Street"). */
import { useEffect } from 'react';
import { MESSAGES } from '@pos/domain';

export function documentTitle(page: string, storeName: string | null | undefined): string {
  const context = storeName?.trim() || MESSAGES.productName;
  return page === context ? page : `${page} · ${context}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
