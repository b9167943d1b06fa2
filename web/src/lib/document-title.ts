// Sets the browser tab title of a route page ("All Services · Mtaani").
import { useEffect } from 'react';

export const APP_NAME = 'Mtaani';

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
