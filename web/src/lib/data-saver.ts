// The data saver (for visitors on prepaid bundles): with it on, listing cards show the photo's
// colour until tapped, a listing's gallery loads its first photo only, and photos come at 320 px.
//
// On by itself when the browser asks to save data (Chrome's Lite mode: the Save-Data request header,
// navigator.connection.saveData), and switched in the footer (footer.tsx), a choice kept in the
// mtaani_data cookie that beats the browser's hint. The server renders each page in that state
// (src/server/data-saver.ts: the cookie, else Save-Data) and marks it on #root (data-saver), so that a
// page's first paint already has the placeholders and requests no photo; the app's first render reads
// that mark, and is the server's (hydration). A page the server did not render reads the cookie, else
// navigator.connection.saveData, which Chrome sets with the header.
import { useSyncExternalStore } from 'react';
import { dataSaverChoice, dataSaverCookie } from './data-saver-cookie';

const listeners = new Set<() => void>();
// The renderer has no document: it sets the value for each page (setDataSaver).
const root = globalThis.document?.getElementById('root');
let on = root?.dataset.rendered
  ? root.dataset.saver !== undefined
  : ((root && dataSaverChoice(document.cookie)) ??
    !!(globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData);
const get = () => on;
const subscribe = (changed: () => void) => {
  listeners.add(changed);
  return () => listeners.delete(changed);
};

/** Whether the data saver is on; the component renders again when it is switched. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, get, get);
}

/** The state of the page the renderer renders next (src/server/render.tsx), or of a test. */
export function setDataSaver(value: boolean): void {
  on = value;
}

/**
 * The visitor's choice (the footer's switch): kept in the mtaani_data cookie for the pages to come,
 * which the server renders so, and shown at once.
 */
export function chooseDataSaver(value: boolean): void {
  document.cookie = dataSaverCookie(value);
  on = value;
  listeners.forEach((changed) => changed());
}
