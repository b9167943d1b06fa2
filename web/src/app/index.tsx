// The whole app: providers around the router, the browser's or, on the server, a static one.
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppProps {
  /** The router around the routes (src/server/render.tsx passes a static one). */
  router?: ComponentType<{ children?: ReactNode }>;
}

export function App({ router: Router = BrowserRouter }: AppProps) {
  return (
    <AppProvider>
      <Router>
        <AppRoutes />
      </Router>
    </AppProvider>
  );
}
