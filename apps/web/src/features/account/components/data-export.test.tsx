import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { buildUser } from '../../../testing/factories';
import { DataExport } from './data-export';

describe('the data export', () => {
  it('downloads the archive from /api/export.php with a plain link, in the member’s language', async () => {
    await renderWithApp([{ path: '/', element: <DataExport /> }], { user: buildUser(), locale: 'de' });
    const link = screen.getByRole('link', { name: 'Meine Daten herunterladen' });
    expect(link).toHaveAttribute('href', '/api/export.php');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(/dreimal pro Stunde/)).toBeInTheDocument();
  });
});
