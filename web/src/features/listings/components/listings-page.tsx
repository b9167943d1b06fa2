// The frame of a listing page: its heading (also the tab title), a lead line, the line that says its
// order and where distances are measured from, and the page body.
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { NearMe, type PageOrder } from '@/components/places/near-me';
import { useArea } from '@/lib/area';
import { describePage, useDocumentTitle, type PageMeta } from '@/lib/document-title';
import { orderIn, ordersOf, readSort } from '../api/sort';
import { listMeta } from '../page-meta';

interface ListingsPageProps {
  title: string;
  lead?: ReactNode;
  /** What the document says of the page (server-rendered only); the list's by default. */
  meta?: PageMeta;
  /** The page's order; by default a list's, as its address asks (components/sort-select.tsx). */
  order?: PageOrder;
  /** Where the page measures distances from instead of the visitor's area (a search's named place). */
  origin?: string;
  children: ReactNode;
}

/** What the location menu's "Near me" sends with its visitor (header/location-select.tsx). */
export interface NearMeAsked {
  nearMe?: boolean;
}

export function ListingsPage({ title, lead, meta, order, origin, children }: ListingsPageProps) {
  useDocumentTitle(title);
  if (import.meta.env.SSR) describePage(meta ?? listMeta(title));
  const asked = (useLocation().state as NearMeAsked | null)?.nearMe === true;
  const listOrder = orderIn(readSort(useSearchParams()[0]), ordersOf(useArea() !== null));
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{title}</h1>
        {lead && <p>{lead}</p>}
      </header>
      <NearMe start={asked} order={order ?? listOrder} origin={origin} />
      {children}
    </div>
  );
}
