// The service search (the header's, the phone drawer's, the phone's home page): a non-blank query
// opens /search?q=…, whose page keeps it in the box (issue 39 §6); any other page shows the box empty.
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';

export function SearchForm({ onSearched }: { onSearched?: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The server knows the address too: its render and the browser's first agree.
  const searched = pathname === paths.search.path ? (new URLSearchParams(search).get('q') ?? '').trim() : '';
  const [query, setQuery] = useState(searched);
  // Another address, another query in the box (React's "adjusting state when a prop changes").
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setQuery(searched);
  }
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = paths.search.getHref(query);
    if (!href) return;
    void navigate(href);
    onSearched?.();
  }

  return (
    <form role="search" className="search-form" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('Search services')}
      </label>
      <input
        id={inputId}
        className="search-form__input"
        type="search"
        name="q"
        placeholder={t('Find services...')}
        autoComplete="off"
        enterKeyHint="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className="search-form__submit" aria-label={t('Search')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
