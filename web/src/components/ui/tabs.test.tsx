import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const tabs = [
  { id: 'appointment', label: 'Appointment', panel: <p>Pick a date</p> },
  { id: 'enquiry', label: 'Enquiry', panel: <p>Your details</p> },
  { id: 'reviews', label: 'Reviews', panel: <p>No reviews</p> },
];

describe('Tabs', () => {
  it('shows the first panel and links each tab to its panel', () => {
    render(<Tabs label="Booking" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Booking' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Appointment' })).toHaveTextContent('Pick a date');
    expect(screen.getByText('Your details')).not.toBeVisible();
  });

  it('moves with the arrow keys, Home and End, skipping disabled tabs', async () => {
    render(<Tabs label="Booking" tabs={tabs.map((tab) => (tab.id === 'enquiry' ? { ...tab, disabled: true } : tab))} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toHaveTextContent('No reviews');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Appointment' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the value its parent gives', async () => {
    const { rerender } = render(<Tabs label="Booking" tabs={tabs} value="enquiry" onChange={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Enquiry' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByRole('tab', { name: 'Enquiry' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Tabs label="Booking" tabs={tabs} value="reviews" onChange={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  });
});
