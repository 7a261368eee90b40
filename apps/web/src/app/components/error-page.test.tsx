import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage, NotFoundPage } from './error-page';

describe('NotFoundPage', () => {
  it('says the page could not be found and links home', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});

describe('ErrorPage', () => {
  it('defaults to message Error and status 500', () => {
    render(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });
});
