import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type Toaster } from './toast';

function Grab({ onReady }: { onReady: (toaster: Toaster) => void }) {
  const toaster = useToast();
  useEffect(() => onReady(toaster), [toaster, onReady]);
  return null;
}

let toaster: Toaster;
const keep = (grabbed: Toaster) => {
  toaster = grabbed;
};

function renderToaster() {
  render(
    <ToastProvider>
      <Grab onReady={keep} />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces successes politely and errors at once, in a Notifications region', () => {
    renderToaster();
    act(() => toaster.success('Successfully signed in!'));
    act(() => toaster.error('Invalid email or password'));

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Successfully signed in!');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('goes away after a while, or when dismissed', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => toaster.success('Saved'));
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();

    vi.useRealTimers();
    act(() => toaster.error('Failed'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('waits while the pointer rests on it', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => toaster.info('Read me'));
    fireEvent.pointerOver(screen.getByRole('status'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Read me')).toBeInTheDocument();
  });

  it('keeps at most three', () => {
    renderToaster();
    act(() => ['one', 'two', 'three', 'four'].forEach((message) => toaster.info(message)));
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['two', 'three', 'four']);
  });

  it('needs its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Grab onReady={keep} />)).toThrow(/ToastProvider/);
  });
});
