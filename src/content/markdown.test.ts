import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderNestedMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and safe links', () => {
    const html = renderMarkdown('## Harmonogram\n\n- **13:00** obřad\n- 14:00 [focení](/portfolio)\n\nVíce na [webu](https://example.cz).');
    expect(html).toContain('<h2>Harmonogram</h2>');
    expect(html).toContain('<strong>13:00</strong>');
    expect(html).toContain('<a href="/portfolio">focení</a>');
    expect(html).toContain('<a href="https://example.cz" rel="noopener noreferrer">webu</a>');
  });
  it('shows raw HTML as text and drops unsafe link targets', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> a [klik](javascript:alert(1)).');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('klik');
  });
  it('never takes another host for a site link: //host, /\\host and the same with a tab or line break', () => {
    const sources = ['//evil.example/x', '/\\evil.example', '/\t/evil.example', '/\n\\evil.example', ' //evil.example'];
    for (const href of sources) {
      const html = renderMarkdown(`[klik](<${href}>) ![obr](<${href}>)`);
      expect(html, JSON.stringify(href)).not.toMatch(/<a |<img /);
      expect(html).toContain('klik');
    }
    // Site paths stay links.
    expect(renderMarkdown('[a](/cenik) [b](./x) [c](../y) [d](#faq)')).toMatch(/href="\/cenik".*href="\.\/x".*href="\.\.\/y".*href="#faq"/);
  });
});

describe('renderNestedMarkdown (the wedding story)', () => {
  it('renders the story below the section heading with the same rules', () => {
    const html = renderNestedMarkdown('## Our story\n\nThey met at the **university**.\n\n- *rain*\n- [mapa](https://mapy.cz)\n\n<b onclick=x>tučně</b>');
    expect(html).toContain('<h3>Our story</h3>');
    expect(html).toContain('<strong>university</strong>');
    expect(html).toContain('<li><em>rain</em></li>');
    expect(html).toContain('<a href="https://mapy.cz" rel="noopener noreferrer">mapa</a>');
    expect(html).toContain('&lt;b onclick=x&gt;');
    expect(html).not.toContain('**');
    // The shallowest heading becomes the h3 under the section's h2; deeper ones keep their distance, up to h6.
    expect(renderNestedMarkdown('#### Hluboko')).toContain('<h3>Hluboko</h3>');
    expect(renderNestedMarkdown('# Den\n\n## Obřad\n\n###### Nejhlouběji')).toMatch(/<h3>Den<\/h3>[\s\S]*<h4>Obřad<\/h4>[\s\S]*<h6>Nejhlouběji<\/h6>/);
    expect(renderNestedMarkdown('Bez nadpisů.')).toBe('<p>Bez nadpisů.</p>\n');
  });
});
