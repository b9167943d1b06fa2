import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toListings } from '@/lib/listing';
import { serviceDtos } from '@/components/listings/fixtures';
import { renderWithRouter } from '@/testing/test-utils';
import { CategorySection } from './category-section';

describe('CategorySection', () => {
  it('shows its title, its services and View All', () => {
    renderWithRouter(<CategorySection title="Beauty" categoryId="beauty" listings={toListings(serviceDtos(3))} />);
    expect(screen.getByRole('region', { name: 'Beauty' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/all-services');
  });

  it('invites a seller to add a service when it has none', () => {
    renderWithRouter(<CategorySection title="Home" categoryId="home" listings={[]} />);
    expect(screen.getByText('No services available in this category yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Service' })).toHaveAttribute('href', '/post-service');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
