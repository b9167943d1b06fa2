// Renders a listing route under its real path pattern, so that it reads its URL parameters (inside
// the app's toasts).
import type { ReactElement } from 'react';
import { renderWithRouter } from '@/testing/test-utils';

export function renderRoute(ui: ReactElement, { path, url }: { path: string; url: string }) {
  return renderWithRouter(ui, { route: url, path });
}
