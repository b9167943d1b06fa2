// The listing form's Location (issue 41): free text as SPEC §5 has it, which suggests Kenya's wards and
// estates as the seller types; picking one (or "Use my location": the ward nearest the phone) gives
// the listing its place, which "Near me" and the place pages use. Text that names no picked place
// is read by the server, which places the listing where the text names one place.
import { useState } from 'react';
import { PlaceSearch } from '@/components/places/place-search';
import { Button } from '@/components/ui/button';
import { listingRules } from '@/config/listing-rules';
import { t } from '@/lib/i18n';
import { locateWard, placeLabel } from '@/lib/places';

/** The place a listing is given: its id and how it is written. */
export interface PickedPlace {
  id: string;
  label: string;
}

export const placeMessages = {
  locating: t('Finding where you are…'),
  notLocated: t('We could not tell where you are. Type your area and pick it from the list.'),
} as const;

interface PlaceFieldProps {
  location: string;
  place: PickedPlace | null;
  error?: string;
  /** The text typed (the place is then the one the server reads from it, if any). */
  onType: (location: string) => void;
  /** A place picked from the list or found from the phone's position, and the location text to show. */
  onPlace: (place: PickedPlace, location: string) => void;
}

export function PlaceField({ location, place, error, onType, onPlace }: PlaceFieldProps) {
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');

  const useMyLocation = () => {
    setLocating('busy');
    locateWard()
      .then(({ ward }) => {
        if (!ward) throw new Error('No ward');
        const label = placeLabel(ward);
        onPlace({ id: ward.id, label }, location.trim() ? location : label);
        setLocating('idle');
      })
      .catch(() => setLocating('failed'));
  };

  return (
    <PlaceSearch
      label={t('Location')}
      name="location"
      placeholder={t('e.g. Kilimani, Nairobi')}
      hint={
        place
          ? t('Customers near {place} find you first.', { place: place.label })
          : t('Type your estate or ward and pick it from the list, so customers nearby find you.')
      }
      maxLength={listingRules.location.max}
      value={location}
      error={error}
      offers={(p) => p.kind === 'ward' || p.kind === 'estate'}
      onValueChange={onType}
      onPick={(picked, label) => onPlace({ id: picked.id, label }, label)}
    >
      <div className="place-field__locate">
        <Button type="button" variant="secondary" disabled={locating === 'busy'} onClick={useMyLocation}>
          {t('Use my location')}
        </Button>
        <span aria-live="polite" className="place-field__status">
          {locating === 'busy' ? placeMessages.locating : locating === 'failed' ? placeMessages.notLocated : ''}
        </span>
      </div>
    </PlaceSearch>
  );
}
