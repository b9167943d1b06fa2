import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { samplePackages } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import SellerPackagesRoute from './seller-packages';

const continueButton = () => screen.getByRole('button', { name: 'Continue to Registration' });
const card = (name: string) => screen.getByRole('radio', { name }).closest('.package-card') as HTMLElement;

describe('SellerPackagesRoute', () => {
  it('shows the packages from the server as cards, none chosen', async () => {
    mockApi({ 'GET /api/packages': { status: 200, data: samplePackages } });
    renderWithRouter(<SellerPackagesRoute />, { route: '/seller-packages' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading packages…');
    const group = await screen.findByRole('radiogroup', { name: 'Choose your seller package' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['basic', 'standard', 'premium']);
    radios.forEach((radio) => expect(radio).not.toBeChecked());

    const standard = within(card('Standard'));
    expect(standard.getByText('Ksh 1,500')).toBeInTheDocument();
    expect(standard.getByText('/month')).toBeInTheDocument();
    expect(standard.getByText('Recommended')).toBeInTheDocument();
    expect(standard.getByText('2 photos per listing')).toBeInTheDocument();
    expect(standard.getByText('Choose Standard')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('Recommended')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Premium' })).toHaveAccessibleDescription(
      'Ksh 2,500/month List your services 3 photos per listing Featured listing',
    );

    expect(screen.getByText(/change or upgrade your package at any time after registration/)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('Seller Packages · Mtaani'));
  });

  it("chooses one card at a time: its button reads 'Selected'", async () => {
    mockApi({ 'GET /api/packages': { status: 200, data: samplePackages } });
    renderWithRouter(<SellerPackagesRoute />);

    await userEvent.click(await screen.findByText('Choose Standard'));
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(within(card('Standard')).getByText('Selected')).toBeInTheDocument();
    expect(screen.getAllByText('Selected')).toHaveLength(1);
    expect(continueButton()).toBeEnabled();
    expect(screen.getByText(/up to 2 photos per listing/)).toBeInTheDocument();

    // A press anywhere on another card moves the choice.
    await userEvent.click(within(card('Premium')).getByText('Ksh 2,500'));
    expect(screen.getByRole('radio', { name: 'Premium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Standard' })).not.toBeChecked();
    expect(within(card('Standard')).getByText('Choose Standard')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('Selected')).toBeInTheDocument();
  });

  it('works by keyboard: Tab into the group, arrows move the choice', async () => {
    mockApi({ 'GET /api/packages': { status: 200, data: samplePackages } });
    renderWithRouter(<SellerPackagesRoute />);
    await screen.findByRole('radiogroup');

    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Basic' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Basic' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(within(card('Standard')).getByText('Selected')).toBeInTheDocument();
  });

  it('continues to the seller sign-up with the chosen package', async () => {
    mockApi({ 'GET /api/packages': { status: 200, data: samplePackages } });
    renderWithRouter(<SellerPackagesRoute />);
    await userEvent.click(await screen.findByText('Choose Premium'));
    await userEvent.click(continueButton());
    expect(currentUrl()).toBe('/signup?type=seller&package=premium');
  });

  it('offers to try again when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({
      'GET /api/packages': () => (fail ? { status: 503, data: { message: 'down', code: 'unavailable' } } : { status: 200, data: samplePackages }),
    });
    renderWithRouter(<SellerPackagesRoute />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load packages. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
  });
});
