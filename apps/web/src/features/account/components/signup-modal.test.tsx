import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../data/query-keys';
import { buildUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { closeSignupModal, openSignupModal, useSignupModal } from '../signup-modal-store';
import { SignupModal } from './signup-modal';
import { jsonResponse } from '../../../testing/api';

function ModalHost() {
  const { open, recipientId } = useSignupModal();
  return open ? <SignupModal recipientId={recipientId} /> : <p>closed</p>;
}

const routes = [
  { path: '/', element: <ModalHost /> },
  { path: '/complete-signup', element: <p>complete</p> },
  { path: '/login', element: <p>login page</p> },
];

const thisYear = new Date().getFullYear();

async function next() {
  await userEvent.click(screen.getByRole('button', { name: 'Volgende' }));
}

/** Fills in steps 0 to 3 with valid values and stops at the terms. */
async function walkToTerms() {
  await userEvent.click(screen.getByRole('radio', { name: 'Vrouw' }));
  await userEvent.click(screen.getByRole('radio', { name: 'Mannen' }));
  await next();
  await userEvent.selectOptions(screen.getByLabelText('Dag'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Maand'), '5');
  await userEvent.selectOptions(screen.getByLabelText('Jaar'), String(thisYear - 30));
  await next();
  await userEvent.type(screen.getByLabelText('Profielnaam'), 'Lotte');
  await next();
  await userEvent.type(screen.getByLabelText('E-mailadres'), 'lotte@example.com');
  await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim123');
  await next();
}

describe('the signup modal', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    openSignupModal();
  });

  afterEach(() => {
    closeSignupModal();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('closes with Escape on step 0, before anything was filled in', async () => {
    await renderWithApp(routes);
    const dialog = await screen.findByRole('dialog');
    // react-bootstrap puts the id on the dialog's .modal-dialog box.
    expect(dialog.querySelector('#signup-modal')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('cannot be closed with Escape while signup is in progress, but its close button works', async () => {
    await renderWithApp(routes);
    await userEvent.click(await screen.findByRole('radio', { name: 'Man' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Vrouwen' }));
    await next();
    expect(screen.getByRole('heading', { name: 'Wanneer ben je geboren?' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('shows the step validation messages in Dutch', async () => {
    await renderWithApp(routes);
    await next();
    expect(await screen.findByText('Kies of je een man of een vrouw bent')).toBeInTheDocument();
    expect(screen.getByText('Kies wie je zoekt')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Vrouw' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Allebei' }));
    await next();
    await next();
    expect(screen.getByText('Vul uw geboortedatum in')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Dag'), '31');
    await userEvent.selectOptions(screen.getByLabelText('Maand'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Jaar'), String(thisYear - 30));
    await next();
    expect(screen.getByText('Ongeldige geboortedatum.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Dag'), '28');
    await next();
    await userEvent.type(screen.getByLabelText('Profielnaam'), '@lotte');
    await next();
    expect(screen.getByLabelText('Profielnaam')).toHaveAccessibleDescription('Je profielnaam mag niet met @ beginnen');

    await userEvent.clear(screen.getByLabelText('Profielnaam'));
    await userEvent.type(screen.getByLabelText('Profielnaam'), 'lotte@example.com');
    await next();
    await userEvent.type(screen.getByLabelText('E-mailadres'), 'lotte@example');
    await next();
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription('Ongeldige e-mail');

    await userEvent.type(screen.getByLabelText('E-mailadres'), '.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'geheim123');
    await next();
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription(
      'Je profielnaam moet anders zijn dan je e-mailadres',
    );
    await next();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the terms, then signs up with the tracking record and language, and goes on', async () => {
    localStorage.setItem('tracking', JSON.stringify({ network: 'adnet', sub1: 'x' }));
    const user = buildUser({ status: 'not_confirmed' });
    fetchMock.mockImplementation(async () => jsonResponse(200, { user }));
    const { router } = await renderWithApp(routes);
    await walkToTerms();

    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(screen.getByText('Ga akkoord met de algemene voorwaarden om verder te gaan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'algemene voorwaarden' })).toHaveAttribute('href', '/pages/terms');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-signup'));

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/signup.php');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'lotte@example.com',
      password: 'geheim123',
      name: 'Lotte',
      date_of_birth: `${thisYear - 30}-05-12`,
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
      terms: true,
      language: 'nl',
      tracking: { network: 'adnet', sub1: 'x' },
    });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ user });
  });

  it('offers the marketing mails unticked, and sends the opt-in only when the member ticks it', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { user: buildUser({ status: 'not_confirmed' }) }));
    const { router } = await renderWithApp(routes);
    await walkToTerms();

    const optIn = screen.getByRole('checkbox', { name: /aanbiedingen en nieuws/ });
    expect(optIn).not.toBeChecked();
    await userEvent.click(optIn);
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-signup'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ terms: true, marketing: true });
  });

  it("shows the server's field messages on their step", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: 'validation_failed',
        message: 'Controleer je gegevens',
        fields: { date_of_birth: 'Je moet minstens 18 jaar oud zijn' },
      }),
    );
    await renderWithApp(routes);
    await walkToTerms();
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByRole('heading', { name: 'Wanneer ben je geboren?' })).toBeInTheDocument();
    expect(screen.getByText('Je moet minstens 18 jaar oud zijn')).toBeInTheDocument();
  });

  it('offers login when the e-mail address already has an account', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { error: 'email_taken', message: 'Er bestaat al een account met dit e-mailadres.' }),
    );
    await renderWithApp(routes);
    await walkToTerms();
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Er bestaat al een account met dit e-mailadres.')).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
  });

  it('offers a deleted account its reactivation link instead', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, {
        error: 'account_deleted',
        message: 'Het account met dit e-mailadres is verwijderd.',
      }),
    );
    await renderWithApp(routes);
    await walkToTerms();
    await userEvent.click(screen.getByRole('checkbox', { name: /algemene voorwaarden/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Het account met dit e-mailadres is verwijderd.')).toBeInTheDocument();
    expect(screen.getByText(/support@amoria\.example/)).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Stuur heractiveringslink' }));
    expect(await screen.findByText(/dan is er een nieuwe link naar je onderweg/)).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls.at(-1)!;
    expect(path).toBe('/api/reactivation.php');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'lotte@example.com' });
  });
});
