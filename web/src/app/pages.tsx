// The pages as components for the router, each rendering its lazily loaded chunk (page-code.ts).
import { createElement, lazy, type ComponentType } from 'react';
import { pageCode, type PageName } from './page-code';

export interface Page {
  Component: ComponentType;
  /** Fetches the page's code; once it is here, the page renders at once, without suspending. */
  load: () => Promise<unknown>;
}

function page(importer: () => Promise<{ default: ComponentType }>): Page {
  let loaded: ComponentType | null = null;
  const load = () =>
    importer().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  // React.lazy suspends on its first render even when the code is already here, and React then keeps
  // the loader on screen for 300 ms at least: a page loaded beforehand (main.tsx) skips it.
  const Component = () => createElement(loaded ?? Lazy);
  return { Component, load };
}

export const pages = Object.fromEntries(
  Object.entries(pageCode).map(([name, importer]) => [name, page(importer)]),
) as Record<PageName, Page>;
