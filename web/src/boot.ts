// Entry point. It starts what the first screen needs, then loads the app. This module and what it
// imports stay free of React, so they run as soon as they arrive, while React itself still downloads
// (index.html fetches it from the start, see vite.config.ts): the first page's API call and code load
// beside React instead of after it.
// Global styles first (index.html links them before the app's), so that component styles win ties.
import './styles/global.css';
import { startFirstScreen } from './app/first-screen';

const firstPage = startFirstScreen(window.location.pathname);

void import('./main').then(({ mount }) => mount(firstPage));
