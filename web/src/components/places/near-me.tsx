// "Near me": asks for the phone's position only when tapped, and names the area by the
// nearest ward; refused or unavailable, it offers the place typeahead instead. The area chosen is
// kept (lib/area-state.ts): every list then comes nearest first, with distances, here and on the pages
// the server renders.
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

interface NearMeProps {
  /** After an area was chosen (the home page then opens the nearest providers). */
  onChosen?: () => void;
  /** Asks at once: the visitor tapped "Near me" elsewhere (the location menu) to come here. */
  start?: boolean;
}

export function NearMe({ onChosen, start = false }: NearMeProps) {
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

  return (
    <div className="near-me">
      <div className="near-me__bar">
        {area ? (
          <>
            <p className="near-me__area">
              <MapPinIcon size={18} />
              {t('Nearest to {place} first', { place: area.label })}
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
