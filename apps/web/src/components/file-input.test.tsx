import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { FileInput } from './file-input';

describe('FileInput', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('nl');
    else await i18n.changeLanguage('nl');
  });

  it("names its button in the member's language and shows the chosen file's name", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FileInput label="Foto" accept="image/*" />
      </I18nextProvider>,
    );
    expect(screen.getByText('Bladeren')).toBeInTheDocument();
    expect(screen.getByText('Geen bestand gekozen')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(/Foto/), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('me.jpg')).toBeInTheDocument();
  });
});
