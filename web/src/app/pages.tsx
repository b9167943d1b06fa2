// The pages as components for the router, each rendering its lazily loaded chunk (page-code.ts).
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import { pageCode, type PageName } from './page-code';

export type Page = Preloadable<object>;

export const pages = Object.fromEntries(
  Object.entries(pageCode).map(([name, importer]) => [
    name,
    preloadable(importer as () => Promise<{ default: ComponentType<object> }>),
  ]),
) as Record<PageName, Page>;
