// The frame of a listing page: its heading (also the tab title), a lead line and the page body.
import type { ReactNode } from 'react';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { listMeta } from '../page-meta';

interface ListingsPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function ListingsPage({ title, lead, children }: ListingsPageProps) {
  useDocumentTitle(title);
  if (import.meta.env.SSR) describePage(listMeta(title));
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{title}</h1>
        {lead && <p>{lead}</p>}
      </header>
      {children}
    </div>
  );
}
