import { useEffect } from 'react';
import { APP_TITLE } from '@/lib/document-title';

/** Keeps the browser tab's title; the plain app name comes back when the component goes. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
