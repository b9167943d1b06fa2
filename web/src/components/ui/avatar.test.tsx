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

  it('shows a photo instead once there is one, and an outline for anyone available', () => {
    const { container, rerender } = render(<Avatar name="Akinyi Otieno" photo="/media/m-1/96.webp" size="lg" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/m-1/96.webp');
    expect(container.querySelector('img')).toHaveAttribute('width', '48');
    rerender(<Avatar name={null} />);
    expect(container.querySelector('svg')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveTextContent('');
  });
});
