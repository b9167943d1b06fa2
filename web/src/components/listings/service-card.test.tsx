import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseDataSaver, setDataSaver } from '@/lib/data-saver';
import { PLACEHOLDER_IMAGE } from '@/lib/listing';
import { renderWithRouter } from '@/testing/test-utils';
import type { Listing } from '@/types/api';
import { ServiceCard } from './service-card';

const listing: Listing = {
  id: 'svc-1',
  name: 'Glam Bridal Makeup',
  minPrice: 1500,
  maxPrice: 4500,
  location: 'Kilimani, Nairobi',
  image: '/media/svc-1/480.webp',
  whatsapp: '254712345678',
  category: 'beauty',
  subcategory: 'eyebrows-lashes',
  description: 'Soft glam.',
  featured: false,
  rating: { average: null, count: 0 },
  sellerId: 'seller-1',
  place: null,
};

describe('ServiceCard', () => {
  it('shows the distance and the place instead of the location from the visitor’s area', () => {
    const place = { id: 'nairobi.kasarani.kasarani', name: 'Kasarani', ward: 'Kasarani', subCounty: 'Kasarani', county: 'Nairobi' };
    renderWithRouter(<ServiceCard listing={{ ...listing, place, distanceKm: 2.4 }} />);
    expect(screen.getByText('2.4 km · Kasarani')).toBeInTheDocument();
    expect(screen.queryByText('Kilimani, Nairobi')).not.toBeInTheDocument();
  });

  it('says when the provider comes to the visitor, with the real distance to their place', () => {
    const place = { id: 'kiambu~tatu-city', name: 'Tatu City', ward: null, subCounty: 'Ruiru', county: 'Kiambu' };
    renderWithRouter(<ServiceCard listing={{ ...listing, place, distanceKm: 12, comesToYou: true }} />);
    expect(screen.getByText('Comes to you · 12.0 km (Tatu City)')).toBeInTheDocument();
  });

  it('shows the name, category, location and price range', () => {
    renderWithRouter(<ServiceCard listing={listing} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Glam Bridal Makeup' })).toBeInTheDocument();
    expect(screen.getByText('Eyebrows & Lashes')).toBeInTheDocument();
    expect(screen.getByText('Kilimani, Nairobi')).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,500 - Ksh 4,500')).toBeInTheDocument();
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
  });

  it('shows the stars and how many reviews, and nothing while there are none', () => {
    const { unmount } = renderWithRouter(<ServiceCard listing={listing} />);
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    unmount();
    renderWithRouter(<ServiceCard listing={{ ...listing, rating: { average: 4.6, count: 12 } }} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.6 out of 5 from 12 reviews' });
    expect(stars).toHaveTextContent('4.6(12)');
  });

  it("links to the provider's page", () => {
    renderWithRouter(<ServiceCard listing={listing} />);
    const link = screen.getByRole('link', { name: /^View provider\s*of Glam Bridal Makeup$/ });
    expect(link).toHaveAttribute('href', '/provider/seller-1');
  });

  it('links the name and the photo to the service page', () => {
    const { container } = renderWithRouter(<ServiceCard listing={listing} />);
    expect(screen.getByRole('link', { name: 'Glam Bridal Makeup' })).toHaveAttribute('href', '/service/svc-1');
    const photo = container.querySelector('img')!;
    expect(photo.closest('a')).toHaveAttribute('href', '/service/svc-1');
  });

  it('reserves the photo space and loads it lazily', () => {
    const { container } = renderWithRouter(<ServiceCard listing={listing} />);
    const photo = container.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/media/svc-1/480.webp');
    expect(photo).toHaveAttribute('width', '480');
    expect(photo).toHaveAttribute('height', '360');
    expect(photo).toHaveAttribute('loading', 'lazy');
  });

  it('loads the photo at once and first when the card is in the first screenful', () => {
    const { container } = renderWithRouter(<ServiceCard listing={listing} priority />);
    const photo = container.querySelector('img')!;
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the placeholder when the photo fails to load', () => {
    const { container } = renderWithRouter(<ServiceCard listing={listing} />);
    const photo = container.querySelector('img')!;
    fireEvent.error(photo);
    expect(photo).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('marks featured listings', () => {
    renderWithRouter(<ServiceCard listing={{ ...listing, featured: true }} />);
    expect(screen.getByText('Featured')).toBeInTheDocument();
  });

  it('opens a WhatsApp chat in a new tab', () => {
    renderWithRouter(<ServiceCard listing={listing} />);
    const chat = screen.getByRole('link', { name: /Contact via WhatsApp/ });
    const href = new URL(chat.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/254712345678');
    expect(href.searchParams.get('text')).toBe(
      'Hello, I\'m interested in your service "Glam Bridal Makeup" (Ksh 1,500 - Ksh 4,500) on Mtaani.',
    );
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('disables the contact action without a phone number', () => {
    renderWithRouter(<ServiceCard listing={{ ...listing, whatsapp: '' }} />);
    expect(screen.getByRole('button', { name: 'Contact Unavailable' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  describe('with the data saver on', () => {
    const saving = { ...listing, small: '/media/svc-1/320.webp', color: '#a1b2c3' };

    it('shows the photo’s colour in its box and fetches nothing until it is tapped, then the 320 px photo', async () => {
      setDataSaver(true);
      const { container } = renderWithRouter(<ServiceCard listing={saving} />);
      expect(container.querySelector('img')).toBeNull();
      const show = screen.getByRole('button', { name: 'Show photo: Glam Bridal Makeup' });
      expect(show).toHaveClass('service-card__media');
      expect(show.querySelector('rect')).toHaveAttribute('fill', '#a1b2c3');
      // The name still links to the listing.
      expect(screen.getByRole('link', { name: 'Glam Bridal Makeup' })).toHaveAttribute('href', '/service/svc-1');

      await userEvent.click(show);

      const photo = container.querySelector('img')!;
      expect(photo).toHaveAttribute('src', '/media/svc-1/320.webp');
      expect(photo.closest('a')).toHaveAttribute('href', '/service/svc-1');
      expect(screen.queryByRole('button', { name: /Show photo/ })).not.toBeInTheDocument();
    });

    it('shows the photo again, at the card’s size, once it is switched off', () => {
      setDataSaver(true);
      const { container } = renderWithRouter(<ServiceCard listing={saving} />);
      expect(container.querySelector('img')).toBeNull();
      act(() => chooseDataSaver(false));
      expect(container.querySelector('img')).toHaveAttribute('src', '/media/svc-1/480.webp');
      act(() => chooseDataSaver(true));
      expect(container.querySelector('img')).toBeNull();
    });

    it('keeps the placeholder image of a listing without a photo', () => {
      setDataSaver(true);
      const { container } = renderWithRouter(<ServiceCard listing={{ ...listing, image: PLACEHOLDER_IMAGE }} />);
      expect(container.querySelector('img')).toHaveAttribute('src', PLACEHOLDER_IMAGE);
      expect(screen.queryByRole('button', { name: /Show photo/ })).not.toBeInTheDocument();
    });
  });
});
