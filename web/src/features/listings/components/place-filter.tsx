// "Filter by place" on the lists of every service and of a place: any county, sub-county,
// ward or estate, typed with suggestions, leads to that place's page (/services/location/{name}),
// as the header's location menu does for its five towns; a place's page leads back to all places.
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LazyPlaceSearch } from '@/components/places/lazy-place-search';
import { Button } from '@/components/ui/button';
import { MapPinIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';
import './place-filter.css';

interface PlaceFilterProps {
  /** On a place's page: it offers all places back. */
  inPlace?: boolean;
}

export function PlaceFilter({ inPlace = false }: PlaceFilterProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  return (
    <div className="place-filter">
      {open ? (
        <Suspense fallback={<p className="place-filter__status">{t('Opening the list of places…')}</p>}>
          <LazyPlaceSearch
            label={t('Show the services in')}
            name="place-filter"
            placeholder={t('e.g. Kasarani')}
            hint={t('Type an estate, ward, sub-county or county.')}
            value={typed}
            autoFocus
            onValueChange={setTyped}
            // A ward named as its sub-county has no page of its own: the sub-county's is offered.
            offers={(place) => Boolean(place.page)}
            onPick={(place) => {
              setOpen(false);
              setTyped('');
              if (place.page) void navigate(paths.servicesByLocation.getHref(place.page));
            }}
          />
        </Suspense>
      ) : (
        <Button type="button" variant="ghost" onClick={() => setOpen(true)}>
          <MapPinIcon size={18} />
          {inPlace ? t('Another place') : t('Filter by place')}
        </Button>
      )}
      {inPlace && <Link to={paths.allServices.getHref()}>{t('All places')}</Link>}
    </div>
  );
}
