import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '@/lib/session';
import { wanjiru } from '@/testing/fixtures';
import { mockApi, sentBody } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import { DataRights } from './data-rights';

describe('DataRights', () => {
  it('downloads the data as mtaani-data.json', async () => {
    const adapter = mockApi({ 'GET /api/account/export': { status: 200, data: new Blob(['{}']) } });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:mtaani');
    URL.revokeObjectURL = vi.fn();
    renderWithRouter(<DataRights seller onDeleted={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('mtaani-data.json');
    expect(adapter.mock.calls[0]![0].responseType).toBe('blob');
    click.mockRestore();
  });

  it('deletes the account only with the right password, keeping the session on a wrong one', async () => {
    saveSession('jwt-w', wanjiru);
    const adapter = mockApi({
      'DELETE /api/account': (request) =>
        (sentBody(request) as { password: string }).password === 'mtaani-demo'
          ? { status: 204, data: undefined }
          : { status: 401, data: { message: 'The password is not right.', code: 'unauthenticated', errors: { password: 'The password is not right.' } } },
    });
    const onDeleted = vi.fn();
    renderWithRouter(<DataRights seller onDeleted={onDeleted} />, { route: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('note')).toHaveTextContent('Your listings and photos will be deleted');
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    expect(await screen.findByText('The password is not right.')).toBeInTheDocument();
    expect(readSession()?.token).toBe('jwt-w');

    await userEvent.clear(screen.getByLabelText('Your password'));
    await userEvent.type(screen.getByLabelText('Your password'), 'mtaani-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(readSession()).toBeNull();
    expect(adapter).toHaveBeenCalledTimes(2);
  });
});
