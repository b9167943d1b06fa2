// The service search (the header's, the phone drawer's, the phone's home page): a non-blank query
// opens /search?q=…, whose page keeps it in the box; any other page shows the box empty.
// From two letters typed, the box suggests categories, listings and places, a tap or the
// arrows and Enter opening one; Enter alone searches.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from '@/components/ui/icons';
import { useCombobox } from '@/components/ui/use-combobox';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import { getSuggestions, SUGGEST_FROM, suggestionOptions, type Suggestion } from '@/lib/suggestions';

/** A pause in typing before suggestions are asked for. */
const TYPING_PAUSE_MS = 150;

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
  const typed = query.trim();
  // The suggestions and the text they are for: only those for what the box holds are shown.
  const [found, setFound] = useState<{ typed: string; options: Suggestion[] }>({ typed: '', options: [] });
  const options = found.typed === typed ? found.options : [];
  const combobox = useCombobox({
    options,
    onValueChange: setQuery,
    onPick: (option) => {
      const picked = options.find((candidate) => candidate.id === option.id);
      if (!picked) return;
      void navigate(picked.href);
      onSearched?.();
    },
  });

  useEffect(() => {
    // Nothing to suggest for fewer letters, nor for the words of the results shown.
    if (typed.length < SUGGEST_FROM || typed === searched) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(typed, controller.signal).then(
        (answer) => setFound({ typed, options: suggestionOptions(answer) }),
        () => {
          // Suggestions are a help: without them, Enter still searches.
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, searched]);

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
        enterKeyHint="search"
        value={query}
        {...combobox.input}
      />
      {combobox.list}
      {combobox.announcement}
      <button type="submit" className="search-form__submit" aria-label={t('Search')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
