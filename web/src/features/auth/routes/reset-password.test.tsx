import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, networkError, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import ResetPasswordRoute from './reset-password';

const SENT = 'If an account exists for that email, we have sent a link to reset the password.';

describe('ResetPasswordRoute without a token', () => {
  it('checks the e-mail, sends it and shows what the server says', async () => {
    const adapter = mockApi({ 'POST /api/password-reset/request': { status: 200, data: { message: SENT } } });
    renderWithRouter(<ResetPasswordRoute />, { route: '/reset-password' });

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sentBody(adapter.mock.calls[0]![0])).toEqual({ email: 'amina@example.com' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
  });

  it('keeps the form and shows the error when sending fails', async () => {
    mockApi({ 'POST /api/password-reset/request': networkError });
    renderWithRouter(<ResetPasswordRoute />);
    await userEvent.type(screen.getByLabelText('Email'), 'amina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset link. Please try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('amina@example.com');
  });
});

describe('ResetPasswordRoute with a token', () => {
  it('sets the new password with the token, then offers to sign in', async () => {
    const adapter = mockApi({
      'POST /api/password-reset/confirm': { status: 200, data: { message: 'Your password has been reset.' } },
    });
    renderWithRouter(<ResetPasswordRoute />, { route: '/reset-password?token=abc123' });

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password'), '-and-longer');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short-and-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(sentBody(adapter.mock.calls[0]![0])).toEqual({ token: 'abc123', password: 'short-and-longer' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it("shows the server's message for a spent link, with a way to ask for a new one", async () => {
    mockApi({
      'POST /api/password-reset/confirm': { status: 400, data: { message: 'This reset link is invalid or has expired.', code: 'validation' } },
    });
    renderWithRouter(<ResetPasswordRoute />, { route: '/reset-password?token=old' });

    await userEvent.type(screen.getByLabelText('New password'), 'mtaani-2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'mtaani-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
