import { describe, expect, it, vi } from 'vitest';
import { openBooking, registerBookingHost } from './booking-dialog';

describe('openBooking', () => {
  it('opens the dialog once the host is mounted when asked before (a button pressed on the first screen)', () => {
    openBooking('svc-1', 'Glam Bridal Makeup');
    const host = { open: vi.fn(), preload: vi.fn() };
    const unregister = registerBookingHost(host);
    expect(host.open).toHaveBeenCalledExactlyOnceWith('svc-1', 'Glam Bridal Makeup');

    openBooking();
    expect(host.open).toHaveBeenLastCalledWith(undefined, undefined);
    expect(host.open).toHaveBeenCalledTimes(2);

    // A host mounted again later does not open a second time for the first press.
    unregister();
    const next = { open: vi.fn(), preload: vi.fn() };
    registerBookingHost(next)();
    expect(next.open).not.toHaveBeenCalled();
  });
});
