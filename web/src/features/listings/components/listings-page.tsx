// The frame of a listing page: its heading (also the tab title), a lead line and the page body.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { NearMe } from '@/components/places/near-me';
import { describePage, useDocumentTitle, type PageMeta } from '@/lib/document-title';
import { listMeta } from '../page-meta';

interface ListingsPageProps {
  title: string;
  lead?: ReactNode;
  /** What the document says of the page (server-rendered only); the list's by default. */
  meta?: PageMeta;
  children: ReactNode;
}

/** What the location menu's "Near me" sends with its visitor (header/location-select.tsx). */
export interface NearMeAsked {
  nearMe?: boolean;
}

export function ListingsPage({ title, lead, meta, children }: ListingsPageProps) {
  useDocumentTitle(title);
  if (import.meta.env.SSR) describePage(meta ?? listMeta(title));
  const asked = (useLocation().state as NearMeAsked | null)?.nearMe === true;
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{title}</h1>
        {lead && <p>{lead}</p>}
      </header>
      <NearMe start={asked} />
      {children}
    </div>
  );
}
