import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const NODE_MODULES = join(SRC, '../../../node_modules');

/** The app's stylesheets that style a toast (partials are compiled through the sheets using them). */
const TOAST_SHEETS = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
  (file) =>
    file.endsWith('.scss') &&
    !basename(file).startsWith('_') &&
    /\.[\w-]*toast\b/.test(readFileSync(join(SRC, file), 'utf8')),
);

/** Each rule's selector and declarations, those inside @media blocks included. */
function cssRules(css: string): { selector: string; declarations: Map<string, string> }[] {
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({
    selector: selector.trim(),
    declarations: new Map(
      body
        .split(';')
        .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
        .filter((parts): parts is [string, string] => Boolean(parts[0] && parts[1])),
    ),
  }));
}

describe('toasts (spec section 9: max width 350 px, layer 1100)', () => {
  it('finds the stylesheets of the like toast and the console toasts', () => {
    expect(TOAST_SHEETS).toEqual(
      expect.arrayContaining([
        join('components', 'likes.scss'),
        join('admin', 'admin.scss'),
      ]),
    );
  });

  it.each(TOAST_SHEETS)(
    '%s keeps every toast within 350 px (the screen less a margin on a phone), on layer 1100',
    (sheet) => {
      const { css } = compile(join(SRC, sheet), {
        loadPaths: [NODE_MODULES],
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      });
      const rules = cssRules(css);
      const toasts = rules.filter((rule) => /^\.[\w-]*toast$/.test(rule.selector));
      expect(toasts.length).toBeGreaterThan(0);
      for (const selector of new Set(toasts.map((rule) => rule.selector))) {
        const widths = toasts
          .filter((rule) => rule.selector === selector)
          .map((rule) => rule.declarations.get('max-width'));
        expect(widths.filter(Boolean), selector).toEqual(['min(350px, 100vw - 2rem)']);
      }
      const layers = rules
        .filter((rule) => /^\.[\w-]*toasts?$/.test(rule.selector))
        .map((rule) => rule.declarations.get('z-index'))
        .filter(Boolean);
      expect(layers.length).toBeGreaterThan(0);
      expect(new Set(layers)).toEqual(new Set(['1100']));
    },
  );
});
