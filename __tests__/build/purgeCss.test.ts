/**
 * Bootstrap's sheet reduced to the classes the SPA can use (#51): the filter on small sheets, then on Bootstrap's
 * own with the app's sources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { classesOf, purgeCss } from '../../src/build/purgeCss';
import { usedClassTest } from '../../src/build/usedClasses';

const used =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);

describe('purgeCss', () => {
  it('keeps the rules whose selectors name used classes, and only those selectors', () => {
    const css = '.btn{color:red}.card{color:blue}.btn-primary,.carousel .btn{margin:0}';
    expect(purgeCss(css, used('btn', 'btn-primary'))).toBe('.btn{color:red}.btn-primary{margin:0}');
  });

  it('keeps an at-rule with what is left in it, drops an emptied one', () => {
    const css =
      '@media (min-width:992px){.navbar-expand-lg{display:flex}.toast{color:red}}@media print{.toast{x:y}}';
    expect(purgeCss(css, used('navbar-expand-lg'))).toBe(
      '@media (min-width:992px){.navbar-expand-lg{display:flex}}',
    );
  });

  it('keeps what names no class: elements, :root, @keyframes, @font-face, @charset, the licence comment', () => {
    const css =
      '@charset "UTF-8";/*! Bootstrap */:root,[data-bs-theme=light]{--bs-blue:#0d6efd}body{margin:0}' +
      '@keyframes spin{to{transform:rotate(360deg)}}/* a note */a:not([href]){color:inherit}';
    expect(purgeCss(css, used())).toBe(
      '@charset "UTF-8";/*! Bootstrap */:root,[data-bs-theme=light]{--bs-blue:#0d6efd}body{margin:0}' +
        '@keyframes spin{to{transform:rotate(360deg)}}a:not([href]){color:inherit}',
    );
  });

  it('reads braces and commas inside strings and parentheses as text', () => {
    const css = '.a::after{content:"}{,"}.b:is(.a,.c){x:y}';
    expect(purgeCss(css, used('a', 'b', 'c'))).toBe(css);
    expect(purgeCss(css, used('b'))).toBe('');
  });

  it('does not need the classes inside :not(…)', () => {
    expect(classesOf('.offcanvas.show:not(.hiding)')).toEqual(['offcanvas', 'show']);
    expect(classesOf('.btn-check:checked+.btn')).toEqual(['btn-check', 'btn']);
    expect(classesOf('.ratio-16x9\\:hover')).toEqual(['ratio-16x9:hover']);
  });
});

describe("Bootstrap's sheet for this app", () => {
  const root = path.resolve(__dirname, '../..');
  const bootstrap = readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
  const esmDir = path.join(path.dirname(require.resolve('react-bootstrap')), '..', 'esm');
  const isUsed = usedClassTest(path.join(root, 'src/client'), esmDir);
  const purged = purgeCss(bootstrap, isUsed);
  const kept = new Set(classesOf(purged.replace(/\{[^{}]*\}/g, ',')));

  it('keeps the classes the app writes and those react-bootstrap makes of its props', () => {
    for (const name of [
      'btn',
      'btn-primary',
      'btn-outline-secondary',
      'form-control',
      'is-invalid',
      'd-lg-none',
      'text-bg-danger',
      'navbar-expand-lg',
      'offcanvas-lg',
      'offcanvas-end',
      'modal-backdrop',
      'fade',
      'show',
      'table',
      'img-fluid',
    ])
      expect([name, kept.has(name)]).toEqual([name, true]);
  });

  it('drops the components and utilities the app never uses, to about two thirds of the gzip bytes', () => {
    for (const name of [
      'carousel',
      'accordion-button',
      'toast',
      'placeholder-glow',
      'popover-header',
      'pagination',
    ])
      expect([name, kept.has(name)]).toEqual([name, false]);
    const kb = gzipSync(purged).length / 1024;
    expect(kb).toBeGreaterThan(15);
    expect(kb).toBeLessThan(21);
    expect(gzipSync(bootstrap).length / 1024).toBeGreaterThan(29);
  });
});
