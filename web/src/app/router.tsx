// The route table, made from the page table (page-table.ts). Each page is its own lazily loaded chunk
// (pages.tsx); the shell around them loads once.
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { SellersOnly } from '@/features/post-service/components/sellers-only';
import { BookingDialogHost } from './booking-dialog-host';
import { pageTable, type PageName } from './page-table';
import { pages } from './pages';
import { SessionExpiryRedirect } from './session-expiry';

/** What a page renders inside. Visitors who may not post go to /signin before the form's code is fetched. */
const doors: Partial<Record<PageName, ComponentType<{ children: ReactNode }>>> = { postService: SellersOnly };

// React Router ranks the routes by their patterns ('/services/location/:name' above
// '/services/:category/:subcategory', '*' last), whatever their order.
const routes = (Object.keys(pageTable) as PageName[]).map((name) => {
  const { Component } = pages[name];
  const Door = doors[name];
  return (
    <Route
      key={name}
      path={pageTable[name].path}
      element={
        Door ? (
          <Door>
            <Component />
          </Door>
        ) : (
          <Component />
        )
      }
    />
  );
});

/** The routes, inside the browser's router or, on the server (src/server/render.tsx), a static one. */
export function AppRoutes() {
  return (
    <>
      <SessionExpiryRedirect />
      <BookingDialogHost />
      <Routes>
        <Route element={<MainLayout />}>{routes}</Route>
      </Routes>
    </>
  );
}
