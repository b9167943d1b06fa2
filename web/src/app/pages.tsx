// The pages as components for the router, each rendering its lazily loaded chunk (page-table.ts).
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import { pageTable, type PageName } from './page-table';

export type Page = Preloadable<object>;

export const pages = Object.fromEntries(
  Object.entries(pageTable).map(([name, { code }]) => [
    name,
    preloadable(code as () => Promise<{ default: ComponentType<object> }>),
  ]),
) as Record<PageName, Page>;
