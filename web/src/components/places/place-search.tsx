// A text field that suggests Kenya's places as it is typed (two letters or more; GET /api/places):
// the listing form's location (wards and estates) and "Near me" when the phone's position is refused
// (any place). What is typed stays free text until a suggestion is picked.
import { useEffect, useState, type ReactNode } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { t } from '@/lib/i18n';
import { findPlaces, placeLabel } from '@/lib/places';
import type { Place } from '@/types/api';

const KINDS: Record<Place['kind'], string> = {
  county: t('County'),
  subCounty: t('Sub-county'),
  ward: t('Ward'),
  estate: t('Estate or town'),
};

interface PlaceSearchProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (text: string) => void;
  onPick: (place: Place, label: string) => void;
  /** The places offered (all by default). */
  offers?: (place: Place) => boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  maxLength?: number;
  autoFocus?: boolean;
  children?: ReactNode;
}

export function PlaceSearch({ value, onValueChange, onPick, offers = () => true, ...field }: PlaceSearchProps) {
  const [found, setFound] = useState<Place[]>([]);
  // The label of the place picked last: the text it puts in the field is not searched again.
  const [picked, setPicked] = useState<string | null>(null);
  const query = value.trim();

  // The suggestions of the latest text only; none under two letters.
  useEffect(() => {
    if (query.length < 2 || query === picked) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findPlaces(query, controller.signal).then(setFound, () => setFound([]));
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, picked]);

  const shown = query.length < 2 ? [] : found.filter(offers);
  const options: ComboboxOption[] = shown.map((p) => ({ id: p.id, label: placeLabel(p), detail: KINDS[p.kind] }));

  return (
    <Combobox
      {...field}
      value={value}
      options={options}
      onValueChange={onValueChange}
      onPick={(option) => {
        const place = shown.find((p) => p.id === option.id);
        setFound([]);
        setPicked(option.label.trim());
        if (place) onPick(place, option.label);
      }}
    />
  );
}
