import { PasswordResetRequestBodySchema, PASSWORD_MIN_LENGTH } from '@app/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { i18n, initI18n, loadTexts } from '../../lib/i18n';
import { CheckListField, Form, PasswordField, SelectField, TextAreaField, TextField, useGroupError } from './fields';
import { oneText } from './problem-text';
import { useAppForm } from './use-app-form';

const ChangeSchema = z.object({
  email: PasswordResetRequestBodySchema.shape.email,
  password: z.string().min(PASSWORD_MIN_LENGTH),
});
type Change = z.infer<typeof ChangeSchema>;

function ChangeForm({
  send,
  messages,
  failureText,
}: {
  send: (values: Change) => Promise<unknown>;
  messages?: Record<string, Record<string, string>>;
  failureText?: string;
}) {
  const form = useAppForm<Change>({
    defaultValues: { email: '', password: '' },
    schema: ChangeSchema,
    ...(messages ? { messages } : {}),
    ...(failureText ? { failureText } : {}),
  });
  return (
    <Form form={form} onSubmit={send} aria-label="wijzigen">
      <TextField name="email" label="E-mail" hint="We sturen je een link" required />
      <PasswordField name="password" label="Wachtwoord" />
      <button type="submit" disabled={form.formState.isSubmitting}>
        Opslaan
      </button>
    </Form>
  );
}

const ColourSchema = z.object({ colour: z.enum(['red', 'blue']) });
type Colour = { colour: string };

function ColourForm() {
  const form = useAppForm<Colour, z.infer<typeof ColourSchema>>({
    defaultValues: { colour: '' },
    schema: ColourSchema,
  });
  return (
    <Form form={form} onSubmit={async () => undefined} aria-label="kleur">
      <SelectField
        name="colour"
        label="Kleur"
        placeholder="Kies een kleur"
        options={[
          { value: 'red', label: 'Rood' },
          { value: 'blue', label: 'Blauw' },
        ]}
      />
      <button type="submit">Kiezen</button>
    </Form>
  );
}

function renderForm(props: Parameters<typeof ChangeForm>[0]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ChangeForm {...props} />
    </I18nextProvider>,
  );
}

describe('the form kit', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('nl');
    else await i18n.changeLanguage('nl');
    await loadTexts('errors');
  });

  it("words the shared schema's problems from the errors catalogue and sends nothing", async () => {
    const sent: Change[] = [];
    renderForm({ send: async (values) => sent.push(values) });
    await userEvent.type(screen.getByLabelText('E-mail'), 'geen-adres');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'kort');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(i18n.t('email_invalid', { ns: 'errors' }));
    expect(screen.getByLabelText('Wachtwoord')).toHaveAccessibleDescription(
      i18n.t('field_too_short', { ns: 'errors', min: PASSWORD_MIN_LENGTH }),
    );
    expect(screen.getByText('Gebruik minstens 8 tekens.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("prefers the form's own wording of a problem", async () => {
    renderForm({ send: async () => undefined, messages: { email: { field_required: 'Vul je e-mailadres in' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Vul je e-mailadres in'));
  });

  it('shows the hint until a problem replaces it, and marks the control required', () => {
    renderForm({ send: async () => undefined });
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAccessibleDescription('We sturen je een link');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it("puts the server's per-field messages on their fields and focuses the first", async () => {
    renderForm({
      send: () =>
        Promise.reject(new ApiError(422, 'validation_failed', 'Ongeldig', { password: 'Dit wachtwoord klopt niet.' })),
    });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ik@example.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'lang-genoeg');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    const password = screen.getByLabelText('Wachtwoord');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Dit wachtwoord klopt niet.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure that names no field of the form above the form', async () => {
    renderForm({
      send: () => Promise.reject(new ApiError(429, 'rate_limited', 'Probeer het over een minuut opnieuw.')),
    });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ik@example.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'lang-genoeg');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Probeer het over een minuut opnieuw.');
  });

  it("words a failure the server did not answer in the form's own text", async () => {
    renderForm({ send: () => Promise.reject(new TypeError('Failed to fetch')), failureText: 'Niet verstuurd.' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ik@example.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'lang-genoeg');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet verstuurd.');
  });

  it('is busy and its button disabled while the call runs, and sends the checked values', async () => {
    let finish: () => void = () => undefined;
    const sent: Change[] = [];
    renderForm({
      send: (values) => {
        sent.push(values);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await userEvent.type(screen.getByLabelText('E-mail'), ' ik@example.com ');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'lang-genoeg');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opslaan' })).toBeDisabled());
    expect(screen.getByRole('form', { name: 'wijzigen' })).toHaveAttribute('aria-busy', 'true');
    expect(sent).toEqual([{ email: 'ik@example.com', password: 'lang-genoeg' }]);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opslaan' })).toBeEnabled());
  });

  it("words every problem of a field by the form's one text for it, and may keep a label for screen readers only", async () => {
    function ReasonForm() {
      const form = useAppForm<{ reason: string }>({
        defaultValues: { reason: '' },
        schema: z.object({ reason: z.string().trim().min(3).max(500) }),
        messages: { reason: oneText('Geef een reden van 3 tot 500 tekens.') },
      });
      return (
        <Form form={form} onSubmit={async () => undefined}>
          <TextField name="reason" label="Reden" labelHidden />
          <button type="submit">Opslaan</button>
        </Form>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <ReasonForm />
      </I18nextProvider>,
    );
    const reason = screen.getByLabelText('Reden');
    expect(screen.getByText('Reden')).toHaveClass('visually-hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Geef een reden van 3 tot 500 tekens.'));
    await userEvent.type(reason, 'ja');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Geef een reden van 3 tot 500 tekens.'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends once when it is submitted again while it sends', async () => {
    let finish: () => void = () => undefined;
    const sent: Change[] = [];
    renderForm({
      send: (values) => {
        sent.push(values);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ik@example.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'lang-genoeg');
    // Both before the form re-renders with its button disabled, as a fast double click or Enter can.
    const form = screen.getByRole('form', { name: 'wijzigen' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'true'));
    expect(sent).toHaveLength(1);
    finish();
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it("names what a select asks for until a choice is made, and that choice can't be taken back", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ColourForm />
      </I18nextProvider>,
    );
    const select = screen.getByLabelText('Kleur');
    expect(select).toHaveDisplayValue('Kies een kleur');
    expect(screen.getByRole('option', { name: 'Kies een kleur' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Kiezen' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription(i18n.t('field_required', { ns: 'errors' })));
    await userEvent.selectOptions(select, 'Blauw');
    await waitFor(() => expect(select).not.toHaveAttribute('aria-invalid'));
  });
});

const PageSchema = z.object({
  content: z.object({
    title: z.string().min(1),
    lines: z.array(z.string().min(2)),
    names: z.object({ nl: z.string().min(1), en: z.string().min(1) }),
  }),
});
type Page = z.infer<typeof PageSchema>;
interface PageDraft {
  title: string;
  text: string;
  names: { nl: string; en: string };
}

function NamesNote() {
  const problem = useGroupError('names');
  return problem ? <p>{`${problem.path}: ${problem.message}`}</p> : null;
}

/** A form whose request is shaped apart from its fields: under `content`, its lines typed as one text. */
function PageForm({ send }: { send: (values: Page) => Promise<unknown> }) {
  const form = useAppForm<PageDraft, Page>({
    defaultValues: { title: '', text: '', names: { nl: '', en: '' } },
    schema: PageSchema,
    keepBlanks: true,
    toRequest: ({ title, text, names }) => ({ content: { title, lines: text.split('\n'), names } }),
    fieldOf: (path) => path.replace(/^content\./, '').replace(/^lines\.\d+$/, 'text'),
    check: ({ title }): Record<string, string> => (title.includes('{{') ? { title: 'Onbekende plaatshouder.' } : {}),
  });
  return (
    <Form form={form} onSubmit={send} aria-label="pagina" invalidText="Controleer de gemarkeerde velden.">
      <TextField name="title" label="Titel" />
      <TextAreaField name="text" label="Regels" />
      <TextField name="names.nl" label="Naam (nl)" />
      <TextField name="names.en" label="Naam (en)" />
      <NamesNote />
      <button type="submit">Bewaren</button>
    </Form>
  );
}

describe("the form kit's fields apart from the request", () => {
  const renderPage = (send: (values: Page) => Promise<unknown>) =>
    render(
      <I18nextProvider i18n={i18n}>
        <PageForm send={send} />
      </I18nextProvider>,
    );

  it("shows the schema's problems at the fields they belong to, the form's own check beside them, and a note above", async () => {
    const sent: Page[] = [];
    renderPage(async (values) => sent.push(values));
    await userEvent.type(screen.getByLabelText('Titel'), 'Hallo {{{{naam}}');
    await userEvent.type(screen.getByLabelText('Regels'), 'Eerste regel{Enter}x');
    await userEvent.type(screen.getByLabelText('Naam (nl)'), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Controleer de gemarkeerde velden.');
    expect(screen.getByLabelText('Titel')).toHaveAccessibleDescription('Onbekende plaatshouder.');
    expect(screen.getByLabelText('Regels')).toHaveAccessibleDescription(
      i18n.t('field_too_short', { ns: 'errors', min: 2 }),
    );
    expect(screen.getByText(`names.en: ${i18n.t('field_required', { ns: 'errors' })}`)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the server's message for a path of the request on the field that edits it, without the note", async () => {
    renderPage(() =>
      Promise.reject(
        new ApiError(422, 'validation_failed', 'Ongeldig', { 'content.lines.1': 'Deze regel is te lang.' }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Titel'), 'Hallo');
    await userEvent.type(screen.getByLabelText('Regels'), 'Eerste{Enter}Tweede');
    await userEvent.type(screen.getByLabelText('Naam (nl)'), 'Anna');
    await userEvent.type(screen.getByLabelText('Naam (en)'), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));

    const text = screen.getByLabelText('Regels');
    await waitFor(() => expect(text).toHaveAccessibleDescription('Deze regel is te lang.'));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(text).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const MethodsSchema = z.object({ methods: z.array(z.enum(['ideal', 'card', 'paypal'])).min(1) });
type Methods = z.infer<typeof MethodsSchema>;

function MethodsForm({ send }: { send: (values: Methods) => Promise<unknown> }) {
  const form = useAppForm<Methods>({ defaultValues: { methods: ['paypal'] }, schema: MethodsSchema });
  return (
    <Form form={form} onSubmit={send} aria-label="methoden">
      <CheckListField
        name="methods"
        label="Betaalmethoden"
        hint="Kies er minstens een."
        options={[
          { value: 'ideal', label: 'iDEAL' },
          { value: 'card', label: 'Creditcard' },
          { value: 'paypal', label: 'PayPal' },
        ]}
      />
      <button type="submit">Bewaren</button>
    </Form>
  );
}

describe("the form kit's check list", () => {
  it('sends the ticked options in their order, and shows the problem of an empty choice at the group', async () => {
    const sent: Methods[] = [];
    render(
      <I18nextProvider i18n={i18n}>
        <MethodsForm send={async (values) => sent.push(values)} />
      </I18nextProvider>,
    );
    const group = screen.getByRole('group', { name: 'Betaalmethoden' });
    expect(group).toHaveAccessibleDescription('Kies er minstens een.');
    expect(screen.getByRole('checkbox', { name: 'PayPal' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'PayPal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => expect(group).toHaveAccessibleDescription(i18n.t('field_too_small', { ns: 'errors', min: 1 })));
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'PayPal' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'iDEAL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => expect(sent).toEqual([{ methods: ['ideal', 'paypal'] }]));
  });
});
