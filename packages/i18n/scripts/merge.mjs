#!/usr/bin/env node
/**
 * Merges new keys into one namespace of every locale, so several people (or helpers) can add
 * texts without rewriting each other's catalogue files:
 *
 *   node packages/i18n/scripts/merge.mjs <namespace> <additions.json>
 *
 * additions.json: `{ "nl": { ...keys }, "en": { ... }, ...all eleven }`. Nested objects merge
 * deeply; existing keys are overwritten by the additions. Takes /tmp/i18n-merge.lock while it
 * writes, so concurrent runs queue instead of losing each other's keys.
 */
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [namespace, additionsPath] = process.argv.slice(2);
if (!namespace || !additionsPath) {
  console.error('usage: merge.mjs <namespace> <additions.json>');
  process.exit(2);
}
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const additions = JSON.parse(readFileSync(additionsPath, 'utf8'));

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
  for (const [locale, keys] of Object.entries(additions)) {
    const file = join(localesDir, locale, `${namespace}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, `${JSON.stringify(merge(catalogue, keys), null, 2)}\n`);
  }
} finally {
  closeSync(fd);
  rmSync(lock, { force: true });
}
console.log(`merged ${Object.keys(additions).join(', ')} into ${namespace}`);
