// 'Sort by' on a listing page: the order is in the page's address (?sort=), so a sorted page can be
// shared, reloaded and rendered by the server like any other.
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useArea } from '@/lib/area';
import { t } from '@/lib/i18n';
import { orderIn, ordersOf, readSort, type Orders, type Sort } from '../api/sort';
import './sort-select.css';

const SORT_NAMES: Record<Sort, string> = {
  recommended: t('Recommended'),
  rating: t('Top rated'),
  price_asc: t('Price: low to high'),
  price_desc: t('Price: high to low'),
  newest: t('Newest'),
  distance: t('Nearest first'),
};

/** A search's own order, in place of "Recommended". */
const BEST_MATCH = t('Best match');

interface SortSelectProps {
  /** A search's orders (api/sort.ts `ordersOf`); a list's, from the visitor's area, by default. */
  orders?: Orders;
  search?: boolean;
}

export function SortSelect({ orders, search = false }: SortSelectProps) {
  const id = useId();
  const [query, setQuery] = useSearchParams();
  const area = useArea();
  // With an area a list's default order is the nearest first; without one, nearest means nothing.
  const { offered, fallback } = orders ?? ordersOf(area !== null);
  const sort = orderIn(readSort(query), { offered, fallback });
  return (
    <div className="sort-select">
      <label htmlFor={id}>{t('Sort by')}</label>
      <select
        id={id}
        className="field__input"
        value={sort}
        onChange={(event) => {
          const next = new URLSearchParams(query);
          if (event.target.value === fallback) next.delete('sort');
          else next.set('sort', event.target.value);
          setQuery(next);
        }}
      >
        {offered.map((value) => (
          <option key={value} value={value}>
            {search && value === 'recommended' ? BEST_MATCH : SORT_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
