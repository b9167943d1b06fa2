import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BookingCalendar } from './booking-calendar';

describe('BookingCalendar', () => {
  it('keeps to its last day: later days and months cannot be reached', async () => {
    const onChange = vi.fn();
    render(<BookingCalendar value={null} min="2026-11-21" max="2026-12-10" onChange={onChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Thursday, December 10, 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Friday, December 11, 2026' })).toBeDisabled();

    // The day with the Tab stop follows the month: the 21st of December is past the end, so the 10th.
    const last = screen.getByRole('button', { name: 'Thursday, December 10, 2026' });
    expect(last).toHaveAttribute('tabindex', '0');
    last.focus();
    await userEvent.keyboard('{PageDown}');
    expect(last).toHaveFocus();
    await userEvent.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(screen.getByRole('button', { name: 'Saturday, November 21, 2026' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('2026-11-21');
  });

  it('says in text why a day cannot be booked when it is tapped (a phone has no hover)', async () => {
    const onChange = vi.fn();
    const unavailable = new Map([['2026-11-22', 'The provider is closed on that day.']]);
    render(<BookingCalendar value={null} min="2026-11-21" max="2026-12-31" unavailable={unavailable} onChange={onChange} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await userEvent.click(screen.getByRole('button', { name: 'Sunday, November 22, 2026: The provider is closed on that day.' }));
    expect(status).toHaveTextContent('Sunday, November 22, 2026: The provider is closed on that day.');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Monday, November 23, 2026' }));
    expect(onChange).toHaveBeenCalledWith('2026-11-23');
    expect(status).toHaveTextContent(/^$/);
  });

  it('always shows six weeks, so its height does not change from month to month', () => {
    render(<BookingCalendar value="2026-11-23" min="2026-11-21" max="2027-11-21" onChange={() => {}} />);
    expect(screen.getAllByRole('row')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Monday, November 23, 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: 'Sunday' })).toBeInTheDocument();
  });
});
