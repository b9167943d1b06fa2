import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter, stubMatchMedia } from '@/testing/test-utils';
import PrivacyRoute from './privacy';
import TermsRoute from './terms';

/** Every entry of the contents leads to a heading of the page. */
function expectContentsMatchHeadings() {
  const nav = screen.getByRole('navigation', { name: 'On this page' });
  const links = within(nav).getAllByRole('link');
  const headings = screen.getAllByRole('heading', { level: 2 });
  expect(links.map((link) => link.textContent)).toEqual(headings.map((h) => h.textContent));
  for (const link of links) {
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).toContainElement(screen.getByRole('heading', { level: 2, name: link.textContent }));
  }
}

describe('TermsRoute', () => {
  it('covers use, sellers, buyers, prohibited content, liability, law and contact', async () => {
    renderWithRouter(<TermsRoute />, { route: '/terms' });

    await waitFor(() => expect(document.title).toBe('Terms of Service · Mtaani'));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated:', { exact: false })).toHaveTextContent('Last updated: 21 November 2026');
    for (const name of [
      'Who may use Mtaani',
      "Sellers' obligations",
      'Seller packages and payment',
      'Dealing with providers',
      'Prohibited content and conduct',
      'Our liability',
      'Governing law and disputes',
      'Contact us',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/paid monthly in advance through/)).toHaveTextContent('through M-Pesa.');
    expect(screen.getByText(/governed by the laws of Kenya/)).toBeInTheDocument();
    expectContentsMatchHeadings();
  });
});

describe('PrivacyRoute', () => {
  it('follows the Data Protection Act: controller, data, bases, sharing, retention, rights and contact', async () => {
    renderWithRouter(<PrivacyRoute />, { route: '/privacy' });

    await waitFor(() => expect(document.title).toBe('Privacy Policy · Mtaani'));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated:', { exact: false })).toHaveTextContent('Last updated: 21 November 2026');
    expect(screen.getByText(/is the data controller/)).toBeInTheDocument();
    const accountBasis = within(screen.getByText('Running your account').parentElement!).getByText('Lawful basis:');
    expect(accountBasis.parentElement).toHaveTextContent('Lawful basis: performance of our contract with you.');
    expect(screen.getByText(/Safaricom PLC/)).toBeInTheDocument();
    expect(screen.getByText(/^24 months after the appointment date\./)).toBeInTheDocument();
    expect(screen.getByText(/only the M-Pesa receipt number, amount, date and package are kept/)).toBeInTheDocument();
    expect(screen.getByText('30 days, unless needed longer to investigate a specific security incident.')).toBeInTheDocument();
    const rights = within(screen.getByRole('region', { name: 'Your rights' }));
    for (const right of ['be informed', 'access', 'rectify', 'erase', 'object', 'data portability:', 'complain']) {
      expect(rights.getByText(right)).toBeInTheDocument();
    }
    expect(rights.getByText(/Office of the Data Protection Commissioner/)).toBeInTheDocument();
    // Access and erasure are self-service in My Account.
    expect(rights.getByText('Download my data')).toBeInTheDocument();
    expect(rights.getByText('Delete my account')).toBeInTheDocument();
    expect(rights.getByText(/within 7 days/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'privacy@mtaani.co.ke' })[0]).toHaveAttribute(
      'href',
      'mailto:privacy@mtaani.co.ke',
    );
    expectContentsMatchHeadings();
  });

  it('folds the contents away on phones and keeps them open beside the text on wide screens', async () => {
    stubMatchMedia(false);
    const { unmount } = renderWithRouter(<PrivacyRoute />);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'Your rights' })).not.toBeVisible();
    await userEvent.click(within(contents).getByText('On this page'));
    expect(within(contents).getByRole('link', { name: 'Your rights' })).toBeVisible();
    unmount();

    stubMatchMedia(true);
    renderWithRouter(<PrivacyRoute />);
    expect(screen.getByRole('link', { name: 'Your rights' })).toBeVisible();
  });
});

describe('a link to one section', () => {
  it('opens the page at that section', async () => {
    // jsdom has no scrollIntoView: this records what would have been scrolled to.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      renderWithRouter(<PrivacyRoute />, { route: '/privacy#your-rights' });
      await waitFor(() => expect(scrolled).toEqual(['your-rights']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
