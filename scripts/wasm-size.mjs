#!/usr/bin/env node
// Where a wasm file's bytes go: its sections, and its code grouped by the crate (or the
// crate and module, with --depth 2) each function's name starts with, from the name section.
// Build with names kept to read it: the wasm in target/wasm32-unknown-unknown/web/ has
// them (wasm-bindgen strips them from dist/); `wasm-opt -Oz -g` keeps them through wasm-opt.
// Each group's gzip figure is what the code section would lose, gzip-compressed at level 9,
// without that group's functions.
//
//   node scripts/wasm-size.mjs FILE.wasm [--depth N] [--top N]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const depth = option('--depth', 1);
const top = option('--top', 25);
if (!file) {
  console.error('usage: wasm-size.mjs FILE.wasm [--depth N] [--top N]');
  process.exit(2);
}
const bytes = readFileSync(file);
let at = 8;
const uleb = () => {
  let result = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return result;
  }
};
const name = () => {
  const length = uleb();
  const text = bytes.toString('utf8', at, at + length);
  at += length;
  return text;
};

const SECTIONS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];
const sections = [];
let importedFunctions = 0;
let bodies = [];
const names = new Map();
while (at < bytes.length) {
  const id = bytes[at++];
  const size = uleb();
  const start = at;
  const end = at + size;
  let label = SECTIONS[id] ?? `section ${id}`;
  if (id === 0) {
    label = `custom "${name()}"`;
    if (label === 'custom "name"') {
      while (at < end) {
        const sub = bytes[at++];
        const subSize = uleb();
        const subEnd = at + subSize;
        if (sub === 1) {
          const count = uleb();
          for (let i = 0; i < count; i++) {
            const index = uleb();
            names.set(index, name());
          }
        }
        at = subEnd;
      }
    }
  } else if (id === 2) {
    const count = uleb();
    for (let i = 0; i < count; i++) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) { uleb(); importedFunctions++; }
      else if (kind === 1) { at++; const flags = uleb(); uleb(); if (flags & 1) uleb(); }
      else if (kind === 2) { const flags = uleb(); uleb(); if (flags & 1) uleb(); }
      else if (kind === 3) { at += 2; }
      else if (kind === 4) { at++; uleb(); }
    }
  } else if (id === 10) {
    const count = uleb();
    for (let i = 0; i < count; i++) {
      const length = uleb();
      bodies.push({ length, start: at });
      at += length;
    }
  }
  sections.push({ label, size });
  at = end;
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`;
console.log(`${file}: ${kb(bytes.length)}`);
for (const { label, size } of sections.sort((a, b) => b.size - a.size)) console.log(`  ${kb(size)}  ${label}`);

if (names.size === 0) {
  console.log('(no function names: build with names kept to see the code by crate)');
  process.exit(0);
}
// Rust's legacy mangling, `_ZN` then length-prefixed parts, into `crate::module::item`.
const demangle = (mangled) => {
  if (mangled.startsWith('_R')) {
    // v0 mangling: the first crate root, `C`, an optional `s<hash>_` and the crate's name.
    const crate = mangled.match(/C(?:s[0-9a-zA-Z]*_)?(\d+)([A-Za-z_][A-Za-z0-9_]*)/);
    return crate ? `${crate[2].slice(0, Number(crate[1]))}::?` : mangled;
  }
  if (!mangled.startsWith('_ZN')) return mangled;
  const parts = [];
  let i = 3;
  while (i < mangled.length && mangled[i] !== 'E') {
    const digits = mangled.slice(i).match(/^\d+/);
    if (!digits) break;
    i += digits[0].length;
    parts.push(mangled.slice(i, i + Number(digits[0])));
    i += Number(digits[0]);
  }
  const escapes = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
  return parts.filter((p) => !/^h[0-9a-f]{16}$/.test(p)).join('::')
    .replace(/\$([A-Z]{1,2})\$/g, (m, code) => escapes[code] ?? m)
    .replace(/\$u([0-9a-f]+)\$/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\.\./g, '::').replace(/^_</, '<');
};
// Names read `crate::module::item`, generic ones `<crate::Type as crate::Trait>::item`.
const owner = (mangled) => {
  const full = demangle(mangled);
  let text = full.replace(/^<+/, '').replace(/^&(mut )?/, '').replace(/^\[/, '').replace(/^dyn /, '');
  const parts = text.split('::').map((p) => p.replace(/[<>( ].*$/, ''));
  return parts.slice(0, depth).join('::') || full.slice(0, 30);
};
const groups = new Map();
bodies.forEach(({ length }, i) => {
  const key = owner(names.get(i + importedFunctions) ?? '?');
  const group = groups.get(key) ?? { size: 0, count: 0, members: new Set() };
  group.size += length;
  group.count += 1;
  group.members.add(i);
  groups.set(key, group);
});
const gzipOf = (leaveOut) => gzipSync(Buffer.concat(bodies
  .filter((_, i) => !leaveOut.has(i))
  .map(({ length, start }) => bytes.subarray(start, start + length))), { level: 9 }).length;
const whole = gzipOf(new Set());
const total = bodies.reduce((sum, { length }) => sum + length, 0);
console.log(`code by ${depth === 1 ? 'crate' : `first ${depth} path parts`} (${kb(total)} in ${bodies.length} functions, ${kb(whole)} gzip):`);
for (const [key, { size, count, members }] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
  console.log(`  ${kb(size)} ${kb(whole - gzipOf(members))} gzip ${String(count).padStart(5)} fns  ${key}`);
}
