import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serviceDto } from '@/components/listings/fixtures';
import { ServiceCard } from '@/components/listings/service-card';
import { setDataSaver } from '@/lib/data-saver';
import { toListing } from '@/lib/listing';
import { renderWithRouter } from '@/testing/test-utils';
import { Footer } from './footer';

// A card of a photo the catalog has its data saver size and colour for.
const listing = toListing(
  serviceDto(1, {
    name: 'Glam Bridal Makeup',
    media: [
      {
        type: 'image',
        data: '/media/svc-1/1280.webp',
        thumbnail: '/media/svc-1/480.webp',
        small: '/media/svc-1/320.webp',
        color: '#a1b2c3',
        width: 1280,
        height: 960,
      },
    ],
  }),
);

describe('the data saver switch in the footer', () => {
  it('says whether it is on, switches the page at once and keeps the choice in a cookie', async () => {
    const { container } = renderWithRouter(
      <>
        <ServiceCard listing={listing} />
        <Footer />
      </>,
    );
    const saver = screen.getByRole('button', { name: 'Data saver' });
    expect(saver).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/svc-1/480.webp');

    await userEvent.click(saver);

    expect(saver).toHaveAttribute('aria-pressed', 'true');
    expect(document.cookie).toContain('mtaani_data=saver');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show photo: Glam Bridal Makeup' })).toBeInTheDocument();

    await userEvent.click(saver);

    expect(saver).toHaveAttribute('aria-pressed', 'false');
    expect(document.cookie).toContain('mtaani_data=full');
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/svc-1/480.webp');
  });

  it('starts pressed when the page is in the data saver', () => {
    setDataSaver(true);
    renderWithRouter(<Footer />);
    expect(screen.getByRole('button', { name: 'Data saver' })).toHaveAttribute('aria-pressed', 'true');
  });
});
