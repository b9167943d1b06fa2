import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar';

describe('initials', () => {
  it('takes the first letters of the first and last names, in capitals', () => {
    expect(initials('Akinyi Otieno')).toBe('AO');
    expect(initials('  mary jane   wairimu ')).toBe('MW');
    expect(initials('wanjiku')).toBe('W');
    expect(initials('Ömer Çelik')).toBe('ÖÇ');
    expect(initials('   ')).toBe('');
  });
});

describe('Avatar', () => {
  it('shows the initials, hidden from screen readers (the name is written beside it)', () => {
    const { container } = render(<Avatar name="Akinyi Otieno" />);
    const avatar = container.firstElementChild!;
    expect(avatar).toHaveTextContent('AO');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows their photo instead when they have one, in a box of its own size, and initials when it is null', () => {
    const { container, rerender } = render(<Avatar name="Akinyi Otieno" photo="/media/team/01/akinyi-192.webp" size="lg" />);
    const photo = container.querySelector('img');
    expect(photo).toHaveAttribute('src', '/media/team/01/akinyi-192.webp');
    // Decorative (the name is beside it), and sized before it loads so that nothing moves.
    expect(photo).toHaveAttribute('alt', '');
    expect(photo).toHaveAttribute('width', '48');
    expect(photo).toHaveAttribute('height', '48');
    expect(photo).toHaveClass('avatar__photo');
    expect(container.firstElementChild).toHaveTextContent('');
    rerender(<Avatar name="Akinyi Otieno" photo={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild).toHaveTextContent('AO');
  });

  it('shows an outline for anyone available', () => {
    const { container } = render(<Avatar name={null} />);
    expect(container.querySelector('svg')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveTextContent('');
  });
});
