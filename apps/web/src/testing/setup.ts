import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';
import { queryClient } from '../lib/query-client';

// A page's first render waits for its lazy chunk and text namespace; on a busy two-core CI
// machine, with server tests beside it, that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

// Preact runs effects after the next frame, cancelling a 35 ms timer or the frame, whichever
// fires second. When a file's last render lands just before its jsdom window is torn down, that
// timer fires with cancelAnimationFrame gone and fails the whole run; a plain task has no frame to
// cancel.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};

// jsdom lays nothing out, so it cannot scroll; the router's scroll restoration calls this.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
});
