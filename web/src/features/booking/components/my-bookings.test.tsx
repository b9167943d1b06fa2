import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleAppointment } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { Appointment } from '@/types/api';
import { MyBookings } from './my-bookings';

const upcoming: Appointment = { ...sampleAppointment, endTime: '10:30 AM', canChange: true, manageToken: 'tok/1' };
const past: Appointment = { ...sampleAppointment, id: 'apt-0', serviceName: 'Gel Nails', date: '2026-11-01', status: 'declined' };

describe('MyBookings', () => {
  it('lists my bookings with status and a link to change or cancel the live ones', async () => {
    const adapter = mockApi({ 'GET /api/account/bookings': { status: 200, data: [upcoming, past] } });
    renderWithRouter(<MyBookings />);
    const section = within(screen.getByRole('region', { name: 'My bookings' }));

    const glam = within(await section.findByRole('article', { name: 'Glam Bridal Makeup, Monday, November 23, 2026' }));
    expect(adapter.mock.calls[0]![0].url).toBe('/api/account/bookings');
    expect(glam.getByText('9:30 AM – 10:30 AM')).toBeInTheDocument();
    expect(glam.getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(glam.getByRole('link', { name: 'Change or cancel Glam Bridal Makeup on Monday, November 23, 2026' })).toHaveAttribute(
      'href',
      '/appointments/cancel?token=tok%2F1',
    );
    const nails = within(section.getByRole('article', { name: 'Gel Nails, Sunday, November 1, 2026' }));
    expect(nails.getByText('Declined by the provider')).toBeInTheDocument();
    expect(nails.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    mockApi({ 'GET /api/account/bookings': { status: 200, data: [] } });
    const { unmount } = renderWithRouter(<MyBookings />);
    expect(await screen.findByText('No bookings yet. Bookings you make while signed in appear here.')).toBeInTheDocument();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/account/bookings': { status: 503, data: { message: 'Down', code: 'unavailable' } } });
    renderWithRouter(<MyBookings />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your bookings. Please try again.');
  });
});
