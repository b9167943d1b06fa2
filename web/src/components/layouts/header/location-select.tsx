// The location dropdown: 'All Locations' opens /all-services, a town its /services/location page, and
// 'Near me' /all-services asking for the phone's position there (components/places/near-me.tsx).
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChevronDownIcon, MapPinIcon } from '@/components/ui/icons';
import { locationHref, locationIdForPathname, locations } from '@/config/locations';
import { paths } from '@/config/paths';
import { t } from '@/lib/i18n';

/** The menu's choice that asks where the visitor is. */
const NEAR_ME = 'near-me';

export function LocationSelect({ onChosen }: { onChosen?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectId = useId();
  // The dropdown shows the location of the page being viewed, so picking any other one is a change.
  const value = locationIdForPathname(pathname);

  return (
    <div className="location-select">
      <label htmlFor={selectId} className="visually-hidden">
        {t('Location')}
      </label>
      <MapPinIcon className="location-select__pin" size={18} />
      <select
        id={selectId}
        className="location-select__input"
        value={value}
        onChange={(event) => {
          if (event.target.value === NEAR_ME) {
            void navigate(paths.allServices.getHref(), { state: { nearMe: true } });
            onChosen?.();
            return;
          }
          const href = locationHref(event.target.value);
          if (!href) return;
          void navigate(href);
          onChosen?.();
        }}
      >
        <option value="" disabled hidden>
          {t('Location')}
        </option>
        <option value={NEAR_ME}>{t('Near me')}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="location-select__chevron" size={18} />
    </div>
  );
}
