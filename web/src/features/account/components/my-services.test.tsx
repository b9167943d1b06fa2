import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serviceDto } from '@/components/listings/fixtures';
import { saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi, sentHeader, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { MyServices } from './my-services';

const braids = serviceDto(1, {
  _id: 'svc-1',
  name: 'Knotless Braids at Home',
  minPrice: 1500,
  maxPrice: 4500,
  location: 'Kilimani, Nairobi',
  media: [
    {
      type: 'image',
      data: '/media/b-1280.webp',
      thumbnail: '/media/b-480.webp',
      small: '/media/b-320.webp',
      width: 1280,
      height: 960,
    },
  ],
  featured: true,
});
const nails = serviceDto(2, { _id: 'svc-2', name: 'Gel Nails in Nakuru', location: 'Nakuru', minPrice: 800, maxPrice: 800 });

function showMyServices(routes: Parameters<typeof mockApi>[0]) {
  saveSession('jwt-w', wanjiru);
  const adapter = mockApi(routes);
  renderWithRouter(<MyServices />, { route: '/account' });
  return adapter;
}

const section = () => within(screen.getByRole('region', { name: 'My services' }));
const row = (name: string) => within(screen.getByRole('heading', { level: 3, name }).closest('li')!);

describe('MyServices', () => {
  it("lists the seller's services with photo, price, location and actions", async () => {
    const adapter = showMyServices({ 'GET /api/account/services': { status: 200, data: [braids, nails] } });

    expect(screen.getByRole('status')).toHaveTextContent('Loading your services…');
    await screen.findByRole('heading', { level: 3, name: 'Knotless Braids at Home' });
    expect(sentHeader(adapter.mock.calls[0]![0], 'Authorization')).toBe('Bearer jwt-w');

    const first = row('Knotless Braids at Home');
    expect(first.getByRole('link', { name: 'Knotless Braids at Home' })).toHaveAttribute('href', '/service/svc-1');
    expect(first.getByText('Ksh 1,500 - Ksh 4,500')).toBeInTheDocument();
    expect(first.getByText('Kilimani, Nairobi')).toBeInTheDocument();
    expect(first.getByText('Featured')).toBeInTheDocument();
    const photo = screen.getByRole('heading', { name: 'Knotless Braids at Home' }).closest('li')!.querySelector('img')!;
    // 120 px wide: the 320 px copy.
    expect(photo).toHaveAttribute('src', '/media/b-320.webp');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '120');
    expect(photo).toHaveAttribute('height', '90');
    expect(first.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/post-service?edit=svc-1');
    expect(first.getByRole('link', { name: 'Edit' })).toHaveAccessibleDescription('Knotless Braids at Home');

    expect(row('Gel Nails in Nakuru').getByText('Ksh 800')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes and says so', async () => {
    let answer!: (reply: Reply) => void;
    const adapter = showMyServices({
      'GET /api/account/services': { status: 200, data: [braids, nails] },
      'DELETE /api/service/svc-1': () => new Promise((resolve) => (answer = resolve)),
    });
    await screen.findByRole('heading', { level: 3, name: 'Knotless Braids at Home' });

    await userEvent.click(row('Knotless Braids at Home').getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('group', { name: 'Delete this service?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Delete this service?' })).not.toBeInTheDocument();
    expect(row('Knotless Braids at Home').getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(adapter).toHaveBeenCalledTimes(1);

    await userEvent.click(row('Knotless Braids at Home').getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    const request = adapter.mock.calls[1]![0];
    expect(request.method).toBe('delete');
    expect(request.url).toBe('/api/service/svc-1');
    expect(sentHeader(request, 'Authorization')).toBe('Bearer jwt-w');

    answer({ status: 204 });

    expect(await screen.findByRole('status')).toHaveTextContent('Service deleted.');
    expect(screen.queryByRole('heading', { name: 'Knotless Braids at Home' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Gel Nails in Nakuru' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'My services' })).toHaveFocus();
  });

  it("keeps the service and shows the server's message when deleting fails", async () => {
    showMyServices({
      'GET /api/account/services': { status: 200, data: [braids] },
      'DELETE /api/service/svc-1': { status: 403, data: { message: 'You can only change your own services', code: 'forbidden' } },
    });
    await screen.findByRole('heading', { level: 3, name: 'Knotless Braids at Home' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You can only change your own services');
    expect(screen.getByRole('heading', { level: 3, name: 'Knotless Braids at Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, delete' })).toHaveFocus();
  });

  it('invites a seller without services to post one', async () => {
    showMyServices({ 'GET /api/account/services': { status: 200, data: [] } });
    expect(await section().findByText('You have not posted any services yet.')).toBeInTheDocument();
    expect(section().getByRole('link', { name: 'Post a Service' })).toHaveAttribute('href', '/post-service');
  });

  it('shows the empty state once the last service is deleted', async () => {
    showMyServices({
      'GET /api/account/services': { status: 200, data: [nails] },
      'DELETE /api/service/svc-2': { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await section().findByText('You have not posted any services yet.')).toBeInTheDocument();
  });

  it('offers to try again when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    showMyServices({
      'GET /api/account/services': () =>
        fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: [braids] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your services. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Knotless Braids at Home' })).toBeInTheDocument());
  });

  it('says why Mtaani took a listing down', async () => {
    showMyServices({
      'GET /api/account/services': { status: 200, data: [{ ...nails, hiddenReason: 'Asks for a deposit first' }, braids] },
    });
    await screen.findByRole('heading', { level: 3, name: 'Gel Nails in Nakuru' });
    expect(row('Gel Nails in Nakuru').getByRole('note')).toHaveTextContent('Taken down by Mtaani: Asks for a deposit first.');
    expect(row('Knotless Braids at Home').queryByRole('note')).not.toBeInTheDocument();
  });
});
