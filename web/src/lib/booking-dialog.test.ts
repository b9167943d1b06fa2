import { describe, expect, it, vi } from 'vitest';
import { openBooking, registerBookingHost } from './booking-dialog';

describe('openBooking', () => {
  it('opens the dialog once the host is mounted when asked before (a button pressed on the first screen)', () => {
    // With what the listing's page knows: its menu and team, and the member chosen there.
    const opening = { listing: { options: [], team: [] }, memberId: 'm-2' };
    openBooking('svc-1', 'Glam Bridal Makeup', opening);
    const host = { open: vi.fn(), preload: vi.fn() };
    const unregister = registerBookingHost(host);
    expect(host.open).toHaveBeenCalledExactlyOnceWith('svc-1', 'Glam Bridal Makeup', opening);

    openBooking();
    expect(host.open).toHaveBeenLastCalledWith(undefined, undefined, undefined);
    expect(host.open).toHaveBeenCalledTimes(2);

    // A host mounted again later does not open a second time for the first press.
    unregister();
    const next = { open: vi.fn(), preload: vi.fn() };
    registerBookingHost(next)();
    expect(next.open).not.toHaveBeenCalled();
  });
});
