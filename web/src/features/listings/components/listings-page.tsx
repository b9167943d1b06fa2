// The frame of a listing page: its heading (also the tab title), a lead line and the page body.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

interface ListingsPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function ListingsPage({ title, lead, children }: ListingsPageProps) {
  useDocumentTitle(title);
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
