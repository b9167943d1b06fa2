import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pages } from './pages';

describe('pages', () => {
  it('renders a page whose code is already here at once, without the loader', async () => {
    await pages.notFound.load();
    const { Component } = pages.notFound;

    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <Suspense fallback={<p>Loading…</p>}>
          <Component />
        </Suspense>
      </MemoryRouter>,
    );

    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
  });

  it("shows the loader while a page's code is on its way", async () => {
    const { Component } = pages.about;

    render(
      <MemoryRouter initialEntries={['/about']}>
        <Suspense fallback={<p>Loading…</p>}>
          <Component />
        </Suspense>
      </MemoryRouter>,
    );

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
