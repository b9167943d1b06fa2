// Entry point. It starts what the first screen needs; on the listing pages it draws that screen itself
// (app/first-paint.ts) and fetches the app only once those photos are on screen, elsewhere it fetches
// the app at once. This module and what it imports stay free of React, so they run as soon as they
// arrive.
// Global styles first (index.html links them before the app's), so that component styles win ties.
import './styles/global.css';
import { paintFirstScreen } from './app/first-paint';
import { firstPaint, startFirstScreen } from './app/first-screen';
import { DESKTOP_QUERY } from './config/breakpoints';

/** The longest the app waits for the first paint (its data, then its photos) before it loads anyway. */
const FIRST_PAINT_WAIT_MS = 3000;

const { pathname } = window.location;
const firstPage = startFirstScreen(pathname);
const root = document.getElementById('root');

let drawn = false;
const painted = firstPaint(pathname)
  .then((screen) => {
    if (!screen || !root) return;
    drawn = true;
    return paintFirstScreen(root, screen, window.matchMedia(DESKTOP_QUERY).matches);
  })
  .catch((error: unknown) => console.error('The first screen could not be drawn', error));
const deadline = new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));

void Promise.race([painted, deadline])
  .then(() => import('./main'))
  .then(({ mount }) => mount(firstPage, { firstScreenShown: drawn }));
