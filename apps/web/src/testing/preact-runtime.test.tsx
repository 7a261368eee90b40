import { render, screen } from '@testing-library/react';
import { createRequire } from 'node:module';
import { Component as PreactComponent, options } from 'preact';
import { Component } from 'react';
import { afterEach, expect, it } from 'vitest';

// Production runs the React API on preact/compat; these tests must too (vitest.config.ts).

const previousDiffed = options.diffed;
afterEach(() => {
  options.diffed = previousDiffed;
});

it('renders through preact', () => {
  const rendered: unknown[] = [];
  options.diffed = (vnode) => {
    rendered.push(vnode.type);
    previousDiffed?.(vnode);
  };
  function Probe() {
    return <p>probe</p>;
  }
  render(<Probe />);
  expect(screen.getByText('probe')).toBeInTheDocument();
  expect(rendered).toContain(Probe);
  expect(Component).toBe(PreactComponent);
});

it('never loads React itself, not even inside a library', () => {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.filter((path) => /[\\/]node_modules[\\/]react(-dom)?[\\/]/.test(path))).toEqual([]);
});
