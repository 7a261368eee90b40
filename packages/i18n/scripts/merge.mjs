#!/usr/bin/env node
/**
 * Merges new keys into one namespace of every locale, so several people (or helpers) can add
 * texts without rewriting each other's catalogue files:
 *
 *   node packages/i18n/scripts/merge.mjs <namespace> <additions.json>
 *   node packages/i18n/scripts/merge.mjs <namespace> --remove <dotted.key> [...]
 *
 * additions.json: `{ "nl": { ...keys }, "en": { ... }, ...all eleven }`. Nested objects merge
 * deeply; existing keys are overwritten by the additions. --remove deletes keys (and what is
 * under them) from every locale. Takes /tmp/i18n-merge.lock while it
 * writes, so concurrent runs queue instead of losing each other's keys.
 */
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [namespace, additionsPath, ...removals] = process.argv.slice(2);
const removing = additionsPath === '--remove';
if (!namespace || !additionsPath || (removing && removals.length === 0)) {
  console.error('usage: merge.mjs <namespace> <additions.json> | merge.mjs <namespace> --remove <dotted.key> [...]');
  process.exit(2);
}
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const locales = readdirSync(localesDir);
const additions = removing ? null : JSON.parse(readFileSync(additionsPath, 'utf8'));

function remove(target, path) {
  const keys = path.split('.');
  const last = keys.pop();
  const parent = keys.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), target);
  if (parent && typeof parent === 'object') delete parent[last];
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && target[key] && typeof target[key] === 'object') {
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const lock = '/tmp/i18n-merge.lock';
const deadline = Date.now() + 30_000;
let fd = null;
while (fd === null) {
  try {
    fd = openSync(lock, 'wx');
  } catch {
    if (Date.now() > deadline) throw new Error(`could not take ${lock}; remove it if no merge is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const locale of removing ? locales : Object.keys(additions)) {
    const file = join(localesDir, locale, `${namespace}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8'));
    if (removing) for (const path of removals) remove(catalogue, path);
    else merge(catalogue, additions[locale]);
    writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
} finally {
  closeSync(fd);
  rmSync(lock, { force: true });
}
console.log(
  removing
    ? `removed ${removals.join(', ')} from ${namespace}`
    : `merged ${Object.keys(additions).join(', ')} into ${namespace}`,
);
