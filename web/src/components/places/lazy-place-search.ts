// The place typeahead's code (and the combobox's), loaded when a visitor first opens one (Near me
// refused or changed, the lists' place filter): not with the first load of every list.
import { lazy } from 'react';

export const LazyPlaceSearch = lazy(() =>
  import('./place-search').then((module) => ({ default: module.PlaceSearch })),
);
