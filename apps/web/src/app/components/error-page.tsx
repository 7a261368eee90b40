import { Component, useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../lib/api';
import { canReloadForChunkError, reloadForChunkError } from '../chunk-reload';
import { isChunkLoadError } from '../rules';
import { HeadTitle } from './head-title';

// The error pages are English only (spec section 8): they must render even when the failure
// is that the translations, the settings or the API are unavailable.
const DEFAULT_MESSAGE = 'Error';
const DEFAULT_STATUS = 500;
const NOT_FOUND_MESSAGE = 'This page could not be found';
const HOME_LINK = 'Go back home';

interface ErrorPageProps {
  status?: number;
  message?: string;
}

/** The generic error page: the status code and the message, with a way back home. */
export function ErrorPage({ status = DEFAULT_STATUS, message = DEFAULT_MESSAGE }: ErrorPageProps) {
  return (
    <ErrorPageGuard>
      <section className="error-page" aria-labelledby="error-page-title" lang="en">
        <HeadTitle>{message}</HeadTitle>
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1 id="error-page-title" className="error-page__title">
          {message}
        </h1>
        {/* A full page load: after an error, starting afresh is the point. */}
        <a className="btn btn-primary" href="/">
          {HOME_LINK}
        </a>
      </section>
    </ErrorPageGuard>
  );
}

/** The 404 page. */
export function NotFoundPage() {
  return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} />;
}

/** If the error page itself fails, a plain message and a link home still show. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="error-page__fallback" lang="en">
        Something went wrong. <a href="/">{HOME_LINK}</a>
      </p>
    );
  }
}

function describe(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { status: error.status, message: message || DEFAULT_MESSAGE };
  }
  if (error instanceof ApiError) return { status: error.status || DEFAULT_STATUS, message: error.message };
  return {};
}

/**
 * Error boundary of every route: a 404 renders the 404 page, a failed chunk reloads the page
 * (once per guard window), anything else the error page, all inside the route's layout.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && canReloadForChunkError());
  useEffect(() => {
    if (reloading) reloadForChunkError();
  }, [reloading]);

  if (reloading) return null;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage {...describe(error)} />;
}
