// Entry point: mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so that component styles loaded after them win ties.
import './styles/global.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount the app into');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
