import { describe, expect, it } from 'vitest';
import { esc, hrefWith, keepLanguageInLinks } from './console-page-parts.js';

describe('a page opened with ?lang= keeps it in its links', () => {
  it('adds lang= to links within the console, before a fragment, after a query', () => {
    const html = `<a href="/console/shipments">a</a><a href="${esc(hrefWith('/console/logs', { status_class: '4xx', cursor: 'c1' }))}">b</a><a href="/console/shipments/shp_1#timeline">c</a><a href="/console">d</a>`;
    expect(keepLanguageInLinks(html, 'pl')).toBe('<a href="/console/shipments?lang=pl">a</a><a href="/console/logs?status_class=4xx&#38;cursor=c1&#38;lang=pl">b</a><a href="/console/shipments/shp_1?lang=pl#timeline">c</a><a href="/console?lang=pl">d</a>');
  });

  it('leaves links that name a language, and links out of the console, as they are', () => {
    const html = '<a href="/console?lang=de">a</a><a href="/console/shipments?mode=live&#38;lang=nl">b</a><a href="https://docs.example/errors/not_found">c</a><a href="/v1/shipments">d</a><a href="/consoles">e</a>';
    expect(keepLanguageInLinks(html, 'fr')).toBe(html);
  });

  it('gives a GET form a hidden lang field unless it has one; leaves forms that post', () => {
    const filters = '<form method="get" action="/console/logs" class="filters"><fieldset><input name="path"></fieldset></form>';
    expect(keepLanguageInLinks(filters, 'de')).toBe('<form method="get" action="/console/logs" class="filters"><input type="hidden" name="lang" value="de"><fieldset><input name="path"></fieldset></form>');
    const chooser = '<form method="get" action="/console" class="filters"><select id="lang" name="lang"></select></form>';
    expect(keepLanguageInLinks(chooser, 'de')).toBe(chooser);
    const posting = '<form method="post" action="/console/api-keys"><button>x</button></form>';
    expect(keepLanguageInLinks(posting, 'de')).toBe(posting);
  });
});
