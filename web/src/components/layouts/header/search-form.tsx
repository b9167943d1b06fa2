// The header's service search: a non-blank query opens /search?q=… and clears the box.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';

export function SearchForm({ onSearched }: { onSearched?: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = paths.search.getHref(query);
    if (!href) return;
    void navigate(href);
    setQuery('');
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
