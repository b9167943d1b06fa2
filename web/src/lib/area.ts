// useArea(): the visitor's area (lib/area-state.ts) in a component, which renders again when it changes.
import { useSyncExternalStore } from 'react';
import { currentArea, subscribeArea, type Area } from './area-state';

export { areaParams, chooseArea, currentArea, roundedPosition, setArea, type Area } from './area-state';

/** The visitor's area; the component renders again when it changes. */
export function useArea(): Area | null {
  return useSyncExternalStore(subscribeArea, currentArea, currentArea);
}
