import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import NotFoundRoute from './not-found';

describe('NotFoundRoute', () => {
  it('explains the missing page and offers the homepage and support', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(<NotFoundRoute />, { route: '/no-such-page' });

    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/the page you are looking for does not exist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await waitFor(() => expect(document.title).toBe('Page Not Found · Mtaani'));
  });

  it('logs the missing path', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(<NotFoundRoute />, { route: '/no-such-page' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('404'), '/no-such-page');
  });
});
