import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, networkError, sentBody, sentHeader, type Reply } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';
import ContactRoute from './contact';

const message = {
  name: 'Amina Wanjiru',
  email: 'amina@example.com',
  phone: '0712 345 678',
  subject: 'Question about my booking',
  message: 'Can I move my Saturday appointment to the afternoon?',
};

const field = (label: string) => screen.getByLabelText(label, { exact: true });

/** Pastes into the fields (typing letter by letter is slow on a busy test machine). */
async function fillIn(values: Partial<typeof message> = message) {
  const labels = { name: 'Name', email: 'Email', phone: 'Phone number', subject: 'Subject', message: 'Message' };
  for (const [key, value] of Object.entries(values)) {
    await userEvent.click(field(labels[key as keyof typeof labels]));
    await userEvent.paste(value);
  }
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

describe('ContactRoute', () => {
  it('has the form, the office details, the drawn map and its title', async () => {
    renderWithRouter(<ContactRoute />, { route: '/contact' });

    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Contact Us · Mtaani'));
    const form = screen.getByRole('form', { name: 'Send us a message' });
    for (const label of ['Name', 'Email', 'Phone number', 'Subject', 'Message']) {
      expect(within(form).getByLabelText(label, { exact: true })).toBeInTheDocument();
    }

    const office = screen.getByRole('region', { name: 'Visit our office' });
    expect(office).toHaveTextContent('Kilimani Business Centre');
    expect(office).toHaveTextContent('Argwings Kodhek Road');
    expect(office).toHaveTextContent('Nairobi, Kenya');
    expect(office).toHaveTextContent('Mon–Sat 8:00 AM – 6:00 PM');
    expect(within(office).getByRole('link', { name: 'hello@mtaani.co.ke' })).toHaveAttribute(
      'href',
      'mailto:hello@mtaani.co.ke',
    );
    expect(within(office).getByRole('link', { name: '+254 709 000 000' })).toHaveAttribute('href', 'tel:+254709000000');

    expect(within(office).getByRole('img', { name: /^Map: the Mtaani office/ })).toBeInTheDocument();
    const osm = within(office).getByRole('link', { name: /^Open in OpenStreetMap/ });
    expect(osm).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-1.2921&mlon=36.7856#map=16/-1.2921/36.7856');
    expect(osm).toHaveAttribute('target', '_blank');
    expect(osm.getAttribute('rel')).toContain('noopener');
    // Nothing of the map comes from the network.
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('has a static FAQ of exactly four questions', async () => {
    renderWithRouter(<ContactRoute />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.querySelectorAll('details > summary');
    expect(Array.from(questions, (q) => q.textContent)).toEqual([
      'How do I book an appointment?',
      'Do I need an account to book?',
      'How do I join as a seller, and how do I pay?',
      'How do I report a listing?',
    ]);

    const accountQuestion = within(faq).getByText('Do I need an account to book?');
    expect(accountQuestion.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(accountQuestion);
    expect(accountQuestion.closest('details')).toHaveAttribute('open');
    expect(within(faq).getByText(/^No\. Browsing, searching/)).toBeVisible();
  });

  it("shows SPEC §5's messages on an empty submit and sends nothing", async () => {
    const adapter = mockApi({});
    renderWithRouter(<ContactRoute />);

    await send();

    for (const text of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(field('Name')).toHaveFocus();
    expect(field('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Message')).toHaveAccessibleDescription('Message must be at least 10 characters');

    await fillIn({ name: 'A', phone: '071234567', subject: 'Hi', message: 'Too short' });
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    await userEvent.type(field('Name'), 'l');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });

  it("sends: 'Sending...' while pending, then thanks and clears the form", async () => {
    let answer!: (reply: Reply) => void;
    const adapter = mockApi({ 'POST /api/contact': () => new Promise((resolve) => (answer = resolve)) });
    renderWithRouter(<ContactRoute />);

    await fillIn({ ...message, name: `  ${message.name} ` });
    await send();

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    const request = adapter.mock.calls[0]![0];
    expect(sentBody(request)).toEqual(message);
    expect(sentHeader(request, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    answer({ status: 200, data: { id: 'm-1', message: "Message sent successfully! We'll get back to you soon." } });

    expect(await screen.findByRole('status')).toHaveTextContent("Message sent successfully! We'll get back to you soon.");
    for (const label of ['Name', 'Email', 'Phone number', 'Subject', 'Message']) {
      expect(field(label)).toHaveValue('');
    }
    // A fresh form: no messages until the next submit.
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Send us a message' })).toHaveFocus();
  });

  it("shows the server's message and its per-field messages, and keeps what was typed", async () => {
    mockApi({
      'POST /api/contact': {
        status: 422,
        data: { message: 'Please check the highlighted fields', errors: { email: 'This email address cannot receive mail' } },
      },
    });
    renderWithRouter(<ContactRoute />);

    await fillIn();
    await send();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields');
    expect(field('Email')).toHaveAccessibleDescription('This email address cannot receive mail');
    expect(field('Email')).toHaveFocus();
    expect(field('Subject')).toHaveValue(message.subject);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    await userEvent.type(field('Email'), 'x');
    expect(screen.queryByText('This email address cannot receive mail')).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server sends none', async () => {
    mockApi({ 'POST /api/contact': networkError });
    renderWithRouter(<ContactRoute />);

    await fillIn();
    await send();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
  });

  it('retries the same message under the same key, and a changed one under a new key', async () => {
    const adapter = mockApi({ 'POST /api/contact': networkError });
    renderWithRouter(<ContactRoute />);

    await fillIn();
    await send();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
    await send();
    await waitFor(() => expect(adapter).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());

    await userEvent.type(field('Message'), ' Thanks!');
    await send();
    await waitFor(() => expect(adapter).toHaveBeenCalledTimes(3));

    const [first, retry, changed] = adapter.mock.calls.map(([request]) => sentHeader(request, 'Idempotency-Key'));
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });
});
