import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { akinyi, baraka, chebet } from '@/testing/fixtures';
import { mockApi, sentBody, type Handler } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import type { TeamMember } from '@/types/api';
import { useTeam } from '../api/team';
import { Team } from './team';

const listings = [
  { id: 'svc-7', name: 'Glam Bridal Makeup' },
  { id: 'svc-8', name: 'Knotless Braids' },
];
const loadListings = () => Promise.resolve(listings);

/** The section as My Account composes it: its own team state. */
function Subject({ onBookingsChanged = () => {} }: { onBookingsChanged?: () => void }) {
  const team = useTeam();
  return <Team team={team} loadListings={loadListings} onBookingsChanged={onBookingsChanged} />;
}

const section = () => within(screen.getByRole('region', { name: 'Team' }));
const card = (name: string) => within(screen.getByRole('article', { name }));
/** The member's card once the team has loaded. */
const loadedCard = async (name: string) => within(await screen.findByRole('article', { name }));
const calls = (adapter: ReturnType<typeof mockApi>, method: string) =>
  adapter.mock.calls.map(([request]) => request).filter((request) => request.method === method);

const HAS_BOOKINGS = {
  status: 409,
  data: { code: 'member_has_bookings', message: 'Akinyi has 2 upcoming bookings. Move them to another member or cancel them.' },
};

function team(members: TeamMember[], more: Record<string, Handler> = {}) {
  return mockApi({ 'GET /api/account/team': { status: 200, data: members }, ...more });
}

/** Answers 409 member_has_bookings until the call says what becomes of them (`then`), then `answer`. */
function asksFirst(answer: (request: InternalAxiosRequestConfig) => { status: number; data?: unknown }): Handler {
  return (request) => ((request.params as { then?: string } | undefined)?.then ? answer(request) : HAS_BOOKINGS);
}

describe('Team', () => {
  it('lists each member: phone, the services they do, their hours and whether they take bookings', async () => {
    team([akinyi, baraka, chebet]);
    renderWithRouter(<Subject />);

    await section().findByRole('heading', { name: 'Akinyi' });
    const akinyiCard = card('Akinyi');
    expect(akinyiCard.getByText('+254712000111')).toBeInTheDocument();
    expect(akinyiCard.getByText('Glam Bridal Makeup, Knotless Braids')).toBeInTheDocument();
    expect(akinyiCard.getByText('Your working hours')).toBeInTheDocument();
    // Said in words, not by colour alone.
    expect(akinyiCard.getByText('Takes bookings')).toBeInTheDocument();
    expect(akinyiCard.getByRole('button', { name: 'Pause' })).toHaveAccessibleDescription('Akinyi');

    const barakaCard = card('Baraka');
    expect(barakaCard.getByText('Knotless Braids')).toBeInTheDocument();
    expect(barakaCard.getByText('Monday–Friday 9:00 AM – 5:00 PM; Saturday 9:00 AM – 2:00 PM')).toBeInTheDocument();
    expect(barakaCard.getByText('Thursday, December 24, 2026')).toBeInTheDocument();
    expect(barakaCard.queryByText('Phone')).not.toBeInTheDocument();

    expect(card('Chebet').getByText('Paused')).toBeInTheDocument();
    expect(card('Chebet').getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says so when there is no team yet, and offers to try again when it cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({ 'GET /api/account/team': () => (fail ? { status: 503 } : { status: 200, data: [] }) });
    renderWithRouter(<Subject />);

    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your team. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await section().findByText(/No team members yet/)).toBeInTheDocument();
  });

  it('adds a member with their services, own week and a day off, then shows them', async () => {
    const added: TeamMember = { ...baraka, id: 'm-9', name: 'Wambui Njeri' };
    const adapter = team([akinyi], { 'POST /api/account/team': { status: 201, data: added } });
    renderWithRouter(<Subject />);

    await userEvent.click(await section().findByRole('button', { name: 'Add a team member' }));
    const form = within(screen.getByRole('form', { name: 'Add a team member' }));
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveFocus());
    await userEvent.type(form.getByLabelText('Name'), '  Wambui Njeri ');
    await userEvent.type(form.getByLabelText('Phone number (optional)'), '0712 000 222');
    await userEvent.click(await form.findByRole('checkbox', { name: 'Knotless Braids' }));
    expect(form.getByRole('radio', { name: 'Works your hours' })).toBeChecked();
    expect(form.queryByRole('group', { name: 'Monday' })).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('radio', { name: 'Their own week' }));
    // The working hours' week editor.
    const tuesday = within(form.getByRole('group', { name: 'Tuesday' }));
    await userEvent.selectOptions(tuesday.getByRole('combobox', { name: 'Tuesday from' }), '10:00');
    await userEvent.click(form.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.type(form.getByLabelText('Date'), '2026-12-24');
    await userEvent.click(form.getByRole('button', { name: 'Add day off' }));
    await userEvent.click(form.getByRole('button', { name: 'Add member' }));

    expect(await screen.findByText('Wambui Njeri was added to your team.')).toBeInTheDocument();
    const day: [string, string][] = [['08:00', '18:00']];
    expect(sentBody(calls(adapter, 'post')[0]!)).toEqual({
      name: 'Wambui Njeri',
      phone: '0712 000 222',
      listingIds: ['svc-8'],
      weekly: { mon: day, tue: [['10:00', '18:00']], wed: day, thu: day, fri: day, sat: [], sun: [] },
      daysOff: ['2026-12-24'],
      active: true,
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(section().getByRole('heading', { name: 'Wambui Njeri' })).toHaveFocus());
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Akinyi',
      'Wambui Njeri',
    ]);
  });

  it("puts the server's messages on their fields and focuses the first", async () => {
    const adapter = team([baraka], {
      'PUT /api/account/team/m-2': {
        status: 400,
        data: {
          code: 'validation',
          message: 'Please enter a name of 2 to 100 characters',
          errors: {
            name: 'Please enter a name of 2 to 100 characters',
            listingIds: 'Choose at least one of your services',
            'weekly.mon': 'Intervals of a day must not overlap',
          },
        },
      },
    });
    renderWithRouter(<Subject />);

    await userEvent.click((await loadedCard('Baraka')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit Baraka' }));
    expect(form.getByLabelText('Name')).toHaveValue('Baraka');
    expect(form.getByRole('radio', { name: 'Their own week' })).toBeChecked();
    expect(await form.findByRole('checkbox', { name: 'Knotless Braids' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Glam Bridal Makeup' })).not.toBeChecked();
    await userEvent.clear(form.getByLabelText('Name'));
    await userEvent.type(form.getByLabelText('Name'), 'B');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));

    const name = form.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Please enter a name of 2 to 100 characters');
    expect(form.getByRole('group', { name: 'Services they do' })).toHaveAccessibleDescription('Choose at least one of your services');
    expect(within(form.getByRole('group', { name: 'Monday' })).getByText('Intervals of a day must not overlap')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('Please enter a name of 2 to 100 characters');
    expect(sentBody(calls(adapter, 'put')[0]!)).toMatchObject({ name: 'B', listingIds: ['svc-8'], weekly: baraka.weekly });
    // Nothing asked: no booking is in the way.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(card('Baraka').getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('asks what becomes of the bookings of a member paused, and moves them to the member chosen', async () => {
    const changed = vi.fn();
    const adapter = team([akinyi, baraka, chebet], {
      'PUT /api/account/team/m-1': asksFirst((request) => ({ status: 200, data: { ...akinyi, ...(sentBody(request) as object) } })),
    });
    renderWithRouter(<Subject onBookingsChanged={changed} />);

    const pause = (await loadedCard('Akinyi')).getByRole('button', { name: 'Pause' });
    await userEvent.click(pause);

    const dialog = await screen.findByRole('dialog', { name: 'Their upcoming bookings' });
    expect(dialog).toHaveAccessibleDescription('Akinyi has 2 upcoming bookings. Move them to another member or cancel them.');
    const ask = within(dialog);
    expect(ask.getByRole('radio', { name: 'Move them to a member I choose' })).toHaveFocus();
    // The others who take bookings: not Akinyi, not Chebet (paused).
    const select = ask.getByRole('combobox', { name: 'Member to move them to' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Baraka']);
    // Nothing is chosen for the seller.
    await userEvent.click(ask.getByRole('button', { name: 'Continue' }));
    expect(ask.getByRole('alert')).toHaveTextContent('Choose what becomes of the bookings.');
    expect(calls(adapter, 'put')).toHaveLength(1);

    await userEvent.click(ask.getByRole('radio', { name: 'Move them to a member I choose' }));
    await userEvent.click(ask.getByRole('button', { name: 'Continue' }));

    expect(await card('Akinyi').findByText('Paused')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [first, second] = calls(adapter, 'put');
    expect(first!.params).toBeUndefined();
    expect(second!.params).toEqual({ then: 'move', moveTo: 'm-2' });
    expect(sentBody(second!)).toEqual({ name: 'Akinyi', phone: '+254712000111', listingIds: ['svc-7', 'svc-8'], weekly: null, daysOff: [], active: false });
    expect(screen.getByText('Akinyi is paused and takes no new bookings. Their upcoming bookings were moved.')).toBeInTheDocument();
    expect(changed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(card('Akinyi').getByRole('button', { name: 'Resume' })).toHaveFocus());
  });

  it('shows why a move to anyone free was refused, changes nothing, and then cancels the bookings', async () => {
    const changed = vi.fn();
    const adapter = team([akinyi, baraka], {
      'DELETE /api/account/team/m-1': asksFirst((request) =>
        (request.params as { then: string }).then === 'move'
          ? {
              status: 409,
              data: {
                code: 'member_has_bookings',
                message: 'No other member of your team is free for 1 of these bookings. Cancel it, or move it by hand first.',
              },
            }
          : { status: 200, data: { moved: 0, cancelled: 2 } },
      ),
    });
    renderWithRouter(<Subject onBookingsChanged={changed} />);

    await userEvent.click((await loadedCard('Akinyi')).getByRole('button', { name: 'Remove' }));
    const question = card('Akinyi').getByRole('group', { name: 'Remove Akinyi from your team?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, remove' }));

    const ask = within(await screen.findByRole('dialog', { name: 'Their upcoming bookings' }));
    await userEvent.click(ask.getByRole('radio', { name: 'Move each to anyone free then' }));
    await userEvent.click(ask.getByRole('button', { name: 'Continue' }));
    expect(await ask.findByRole('alert')).toHaveTextContent(
      'No other member of your team is free for 1 of these bookings. Cancel it, or move it by hand first.',
    );
    // Still there, still asked.
    expect(card('Akinyi').getByRole('heading', { name: 'Akinyi' })).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();

    await userEvent.click(ask.getByRole('radio', { name: 'Cancel them: each customer is told' }));
    await userEvent.click(ask.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Akinyi was removed from your team. 2 bookings were cancelled, and each customer told.')).toBeInTheDocument();
    expect(calls(adapter, 'delete').map((request) => request.params as unknown)).toEqual([undefined, { then: 'move' }, { then: 'cancel' }]);
    expect(screen.queryByRole('article', { name: 'Akinyi' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(section().getByRole('heading', { level: 2, name: 'Team' })).toHaveFocus());
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('asks when a saved form drops a service, and sends nothing more when the seller goes back', async () => {
    const adapter = team([akinyi, baraka], { 'PUT /api/account/team/m-1': HAS_BOOKINGS });
    renderWithRouter(<Subject />);

    await userEvent.click((await loadedCard('Akinyi')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit Akinyi' }));
    await userEvent.click(await form.findByRole('checkbox', { name: 'Knotless Braids' }));
    const save = form.getByRole('button', { name: 'Save changes' });
    await userEvent.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Their upcoming bookings' });
    await userEvent.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    // The form is as it was, the focus back on its Save button, nothing sent again.
    expect(save).toHaveFocus();
    expect(save).toBeEnabled();
    expect(form.getByRole('checkbox', { name: 'Knotless Braids' })).not.toBeChecked();
    expect(calls(adapter, 'put')).toHaveLength(1);
    expect(sentBody(calls(adapter, 'put')[0]!)).toMatchObject({ listingIds: ['svc-7'] });
  });

  it('resumes a paused member at once: nobody is asked', async () => {
    const adapter = team([chebet], {
      'PUT /api/account/team/m-3': (request) => ({ status: 200, data: { ...chebet, ...(sentBody(request) as object) } }),
    });
    renderWithRouter(<Subject />);

    await userEvent.click((await loadedCard('Chebet')).getByRole('button', { name: 'Resume' }));
    expect(await card('Chebet').findByText('Takes bookings')).toBeInTheDocument();
    expect(screen.getByText('Chebet takes bookings again.')).toBeInTheDocument();
    expect(calls(adapter, 'put')[0]!.params).toBeUndefined();
    expect(sentBody(calls(adapter, 'put')[0]!)).toMatchObject({ active: true });
  });
});

describe('listings no active member does', () => {
  const NOTICE = /^No one on your team does /;
  const notice = () => section().queryByText(NOTICE);
  /** The notice, once the team and the listings have loaded (a status, not an alert: nothing failed). */
  async function findNotice() {
    const status = await section().findByText(NOTICE);
    expect(status).toHaveAttribute('role', 'status');
    return status;
  }

  it('names the one listing customers cannot book, after the members and before the add button', async () => {
    // Chebet does Glam Bridal Makeup, but she is paused.
    team([baraka, chebet]);
    renderWithRouter(<Subject />);

    const status = await findNotice();
    expect(status).toHaveTextContent('No one on your team does Glam Bridal Makeup: customers cannot book it until someone does.');
    expect(status).toHaveClass('team__unserved');
    const list = section().getAllByRole('list')[0]!;
    const add = section().getByRole('button', { name: 'Add a team member' });
    expect(list.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(status.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names every such listing together', async () => {
    team([{ ...baraka, listingIds: ['svc-9'] }]);
    renderWithRouter(<Subject />);

    expect(await findNotice()).toHaveTextContent(
      'No one on your team does Glam Bridal Makeup, Knotless Braids: customers cannot book them until someone does.',
    );
  });

  it('says so once the only member doing a listing is paused', async () => {
    team([akinyi, baraka], {
      'PUT /api/account/team/m-1': (request) => ({ status: 200, data: { ...akinyi, ...(sentBody(request) as object) } }),
    });
    renderWithRouter(<Subject />);

    expect(await (await loadedCard('Akinyi')).findByText('Glam Bridal Makeup, Knotless Braids')).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
    await userEvent.click(card('Akinyi').getByRole('button', { name: 'Pause' }));
    expect(await findNotice()).toHaveTextContent(/^No one on your team does Glam Bridal Makeup: customers cannot book it/);
  });

  it('says nothing when an active member does each listing', async () => {
    team([akinyi, chebet]);
    renderWithRouter(<Subject />);

    // The services on the card: the listings have loaded.
    expect(await (await loadedCard('Akinyi')).findByText('Glam Bridal Makeup, Knotless Braids')).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });

  it('says nothing without an active member: a paused team, or none (bookings then go to the provider)', async () => {
    team([chebet]);
    const { unmount } = renderWithRouter(<Subject />);
    expect(await (await loadedCard('Chebet')).findByText('Glam Bridal Makeup')).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
    unmount();

    team([]);
    renderWithRouter(<Subject />);
    await userEvent.click(await section().findByRole('button', { name: 'Add a team member' }));
    // The form offers the listings: they have loaded.
    expect(await section().findByRole('checkbox', { name: 'Knotless Braids' })).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });
});

describe("a member's photo", () => {
  const png = () => new File(['hi'], 'wambui.png', { type: 'image/png' });
  /** The photo in the avatar's circle beside the photo field (one form open at a time). */
  const preview = () => screen.getByLabelText('Photo (optional)').closest('.member-photo')!.querySelector('img');

  it('shows each member with their photo, or their initials when they have none', async () => {
    team([akinyi, baraka]);
    renderWithRouter(<Subject />);

    const akinyiCard = await loadedCard('Akinyi');
    expect(akinyiCard.getByRole('heading', { name: 'Akinyi' }).closest('article')!.querySelector('img')).toHaveAttribute(
      'src',
      '/media/team/01/akinyi-192.webp',
    );
    const barakaCard = screen.getByRole('article', { name: 'Baraka' });
    expect(barakaCard.querySelector('img')).toBeNull();
    expect(barakaCard.querySelector('.avatar')).toHaveTextContent('B');
  });

  it('sends a photo picked for a new member as a data URL, and shows it in the circle first', async () => {
    const adapter = team([], {
      'POST /api/account/team': { status: 201, data: { ...baraka, id: 'm-9', name: 'Wambui', photo: '/media/team/09/wambui-192.webp' } },
    });
    renderWithRouter(<Subject />);

    await userEvent.click(await section().findByRole('button', { name: 'Add a team member' }));
    const form = within(screen.getByRole('form', { name: 'Add a team member' }));
    await userEvent.type(form.getByLabelText('Name'), 'Wambui');
    expect(form.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Choose a photo' })).toHaveAccessibleDescription(
      'JPEG, PNG or WebP, up to 5 MB. Customers see it beside their name.',
    );
    expect(form.getByLabelText('Photo (optional)')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.upload(form.getByLabelText('Photo (optional)'), png());

    await waitFor(() => expect(preview()).toHaveAttribute('src', 'data:image/png;base64,aGk='));
    expect(form.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    await userEvent.click(await form.findByRole('checkbox', { name: 'Knotless Braids' }));
    await userEvent.click(form.getByRole('button', { name: 'Add member' }));

    expect(await screen.findByText('Wambui was added to your team.')).toBeInTheDocument();
    expect(sentBody(calls(adapter, 'post')[0]!)).toMatchObject({ name: 'Wambui', photo: 'data:image/png;base64,aGk=' });
    // The stored photo the server answered, in the list.
    expect(card('Wambui').getByRole('heading', { name: 'Wambui' }).closest('article')!.querySelector('img')).toHaveAttribute(
      'src',
      '/media/team/09/wambui-192.webp',
    );
  });

  it('sends "" when the photo is removed, and nothing about it when it is left as it was', async () => {
    const adapter = team([akinyi], {
      'PUT /api/account/team/m-1': (request) => ({ status: 200, data: { ...akinyi, ...(sentBody(request) as object) } }),
    });
    renderWithRouter(<Subject />);

    // Left as it was: the server keeps theirs.
    await userEvent.click((await loadedCard('Akinyi')).getByRole('button', { name: 'Edit' }));
    let form = within(screen.getByRole('form', { name: 'Edit Akinyi' }));
    expect(preview()).toHaveAttribute('src', '/media/team/01/akinyi-192.webp');
    await userEvent.type(form.getByLabelText('Name'), ' Otieno');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Akinyi Otieno was saved.')).toBeInTheDocument();
    expect(sentBody(calls(adapter, 'put')[0]!)).not.toHaveProperty('photo');

    // Removed: "" says so.
    await userEvent.click(card('Akinyi Otieno').getByRole('button', { name: 'Edit' }));
    form = within(screen.getByRole('form', { name: 'Edit Akinyi Otieno' }));
    await userEvent.click(form.getByRole('button', { name: 'Remove photo' }));
    expect(preview()).toBeNull();
    expect(form.getByLabelText('Photo (optional)').closest('.member-photo')).toHaveTextContent('AO');
    expect(form.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    // The keyboard stays in the field.
    expect(form.getByRole('button', { name: 'Choose a photo' })).toHaveFocus();
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls(adapter, 'put')).toHaveLength(2));
    expect(sentBody(calls(adapter, 'put')[1]!)).toMatchObject({ name: 'Akinyi Otieno', photo: '' });
  });

  it("shows the server's errors.photo under the field and focuses it", async () => {
    const message = 'The photo is larger than 5 MB.';
    const adapter = team([baraka], {
      'PUT /api/account/team/m-2': { status: 400, data: { code: 'validation', message, errors: { photo: message } } },
    });
    renderWithRouter(<Subject />);

    await userEvent.click((await loadedCard('Baraka')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit Baraka' }));
    await userEvent.upload(form.getByLabelText('Photo (optional)'), png());
    await waitFor(() => expect(form.getByRole('button', { name: 'Change photo' })).toBeInTheDocument());
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));

    const input = form.getByLabelText('Photo (optional)');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(input.closest<HTMLElement>('.member-photo')!).getByText(message)).toHaveClass('field__error');
    expect(input).toHaveAccessibleDescription(`JPEG, PNG or WebP, up to 5 MB. Customers see it beside their name. ${message}`);
    expect(form.getByRole('button', { name: 'Change photo' })).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(sentBody(calls(adapter, 'put')[0]!)).toMatchObject({ photo: 'data:image/png;base64,aGk=' });

    // Another photo picked: the message was about the one before.
    await userEvent.upload(input, new File(['ok'], 'other.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    expect(within(input.closest<HTMLElement>('.member-photo')!).queryByText(message)).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG, PNG or WebP, and one over 5 MB, with the server’s words, sending nothing of them', async () => {
    const adapter = team([akinyi], {
      'PUT /api/account/team/m-1': (request) => ({ status: 200, data: { ...akinyi, ...(sentBody(request) as object) } }),
    });
    // A phone's picker may offer any file, whatever the input accepts.
    const user = userEvent.setup({ applyAccept: false });
    renderWithRouter(<Subject />);

    await user.click((await loadedCard('Akinyi')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit Akinyi' }));
    const input = form.getByLabelText('Photo (optional)');
    await user.upload(input, new File(['GIF89a'], 'akinyi.gif', { type: 'image/gif' }));
    expect(await form.findByText('The photo is not a supported image format.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('The photo is not a supported image format.'));
    expect(preview()).toHaveAttribute('src', '/media/team/01/akinyi-192.webp');

    // Over 5 MB even after this device tried to make it smaller (jsdom cannot redraw photos).
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await form.findByText('The photo is larger than 5 MB.')).toBeInTheDocument();
    expect(form.queryByText('The photo is not a supported image format.')).not.toBeInTheDocument();
    expect(preview()).toHaveAttribute('src', '/media/team/01/akinyi-192.webp');

    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Akinyi was saved.')).toBeInTheDocument();
    expect(sentBody(calls(adapter, 'put')[0]!)).not.toHaveProperty('photo');
  });
});
