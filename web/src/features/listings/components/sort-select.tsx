// 'Sort by' on a listing page: the order is in the page's address (?sort=), so a sorted page can be
// shared, reloaded and rendered by the server like any other.
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useArea } from '@/lib/area';
import { t } from '@/lib/i18n';
import { readSort, type Sort } from '../api/sort';
import './sort-select.css';

const SORT_NAMES: [Sort, string][] = [
  ['recommended', t('Recommended')],
  ['rating', t('Top rated')],
  ['price_asc', t('Price: low to high')],
  ['price_desc', t('Price: high to low')],
  ['newest', t('Newest')],
];

/** From the visitor's area: the default, nearest first. */
const NEAREST: [Sort, string] = ['distance', t('Nearest first')];

export function SortSelect() {
  const id = useId();
  const [query, setQuery] = useSearchParams();
  const area = useArea();
  // With an area the default order is the nearest first; without one, nearest means nothing.
  const names = area ? [NEAREST, ...SORT_NAMES] : SORT_NAMES;
  const fallback = area ? 'distance' : 'recommended';
  const asked = readSort(query);
  const sort = asked && (area || asked !== 'distance') ? asked : fallback;
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
        {names.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
