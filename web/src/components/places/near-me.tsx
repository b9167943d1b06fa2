// "Near me": asks for the phone's position only when tapped, and names the area by the
// nearest ward; refused or unavailable, it offers the place typeahead instead. The area chosen is
// kept (lib/area-state.ts): every list then comes nearest first, with distances, here and on the pages
// the server renders. Its line says the page's order and where distances are measured from: the
// area, or the place a search's words name (one origin per page).
import { Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MapPinIcon } from '@/components/ui/icons';
import { chooseArea, roundedPosition, useArea } from '@/lib/area';
import { t } from '@/lib/i18n';
import { locateWard } from '@/lib/places';

import { LazyPlaceSearch as PlaceSearch } from './lazy-place-search';
import './near-me.css';

export const nearMeMessages = {
  locating: t('Finding where you are…'),
  refused: t('We could not tell where you are. Type your area instead.'),
  opening: t('Opening the list of places…'),
} as const;

/** A page's order as its header says it: one of the lists' orders, or a search's best match. */
export type PageOrder = 'best' | 'recommended' | 'rating' | 'price_asc' | 'price_desc' | 'newest' | 'distance';

/** What the page's order is, from `place`. */
export function orderLine(order: PageOrder, place: string): string {
  switch (order) {
    case 'distance':
      return t('Nearest to {place} first', { place });
    case 'best':
      return t('Best match near {place}', { place });
    case 'recommended':
      return t('Recommended near {place}', { place });
    case 'rating':
      return t('Top rated near {place}', { place });
    case 'price_asc':
      return t('Lowest price first near {place}', { place });
    case 'price_desc':
      return t('Highest price first near {place}', { place });
    case 'newest':
      return t('Newest near {place}', { place });
  }
}

interface NearMeProps {
  /** After an area was chosen (the home page then opens the nearest providers). */
  onChosen?: () => void;
  /** Asks at once: the visitor tapped "Near me" elsewhere (the location menu) to come here. */
  start?: boolean;
  /** The page's order (the nearest first by default). */
  order?: PageOrder;
  /** The place the page measures from instead of the visitor's area: the one a search's words name.
   * The visitor's area does not apply there, so it is neither shown nor offered. */
  origin?: string;
}

export function NearMe({ onChosen, start = false, order = 'distance', origin }: NearMeProps) {
  const area = useArea();
  // From a tap elsewhere, it is already asking.
  const [state, setState] = useState<'idle' | 'locating' | 'refused' | 'typing'>(start ? 'locating' : 'idle');
  const [typed, setTyped] = useState('');
  const started = useRef(false);

  const chosen = () => {
    setState('idle');
    setTyped('');
    onChosen?.();
  };

  // The phone's position, named by the nearest ward (the browser asks the visitor first).
  const ask = () => {
    locateWard()
      .then(({ at, ward }) => {
        chooseArea({ near: roundedPosition(at.lat, at.lng), label: ward?.name ?? t('your position') });
        chosen();
      })
      .catch(() => setState('refused'));
  };

  const locate = () => {
    setState('locating');
    ask();
  };

  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    ask();
  });

  if (origin) {
    return (
      <div className="near-me">
        <div className="near-me__bar">
          <p className="near-me__area">
            <MapPinIcon size={18} />
            {orderLine(order, origin)}
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="near-me">
      <div className="near-me__bar">
        {area ? (
          <>
            <p className="near-me__area">
              <MapPinIcon size={18} />
              {orderLine(order, area.label)}
            </p>
            <Button type="button" variant="ghost" onClick={() => setState('typing')}>
              {t('Change')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => chooseArea(null)}>
              {t('Clear')}
            </Button>
          </>
        ) : (
          <Button type="button" variant="secondary" disabled={state === 'locating'} onClick={locate}>
            <MapPinIcon size={18} />
            {t('Near me')}
          </Button>
        )}
        <span aria-live="polite" className="near-me__status">
          {state === 'locating' ? nearMeMessages.locating : ''}
        </span>
      </div>
      {(state === 'refused' || state === 'typing') && (
        <Suspense fallback={<p className="near-me__status">{nearMeMessages.opening}</p>}>
          <PlaceSearch
            label={t('Where are you?')}
            name="area"
            placeholder={t('e.g. Kasarani')}
            hint={state === 'refused' ? nearMeMessages.refused : t('Type your estate, ward or town.')}
            value={typed}
            autoFocus
            onValueChange={setTyped}
            onPick={(place) => {
              chooseArea({ placeId: place.id, label: place.name });
              chosen();
            }}
          >
            {state === 'typing' && (
              <Button type="button" variant="secondary" onClick={locate}>
                {t('Use my location')}
              </Button>
            )}
          </PlaceSearch>
        </Suspense>
      )}
    </div>
  );
}
