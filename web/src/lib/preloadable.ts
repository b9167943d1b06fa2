// A component whose code is a chunk of its own, fetched on its first render or beforehand with load().
// Once loaded it renders at once: React.lazy suspends on its first render even when the code is already
// here (and React then keeps the fallback on screen for 300 ms at least), so the loaded component is
// rendered directly instead.
import { createElement, lazy, type ComponentType } from 'react';

export interface Preloadable<Props extends object> {
  Component: ComponentType<Props>;
  /** Fetches the code; once it is here, the component renders without suspending. */
  load: () => Promise<unknown>;
}

const everyLoad: (() => Promise<unknown>)[] = [];

export function preloadable<Props extends object>(
  importer: () => Promise<{ default: ComponentType<Props> }>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | null = null;
  const load = () =>
    importer().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  const Component = (props: Props) => createElement(loaded ?? Lazy, props);
  everyLoad.push(load);
  return { Component, load };
}

/**
 * Loads every part made preloadable so far (the modules that define them must have been loaded): the
 * server renderer draws them at once, so the browser hydrates what it will show instead of a fallback.
 */
export function loadEveryPart(): Promise<unknown> {
  return Promise.all(everyLoad.map((load) => load()));
}
