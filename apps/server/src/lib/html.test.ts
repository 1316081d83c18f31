import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes what could open a tag, an entity or end an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & done`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; done',
    );
    expect(escapeHtml('Кам’янське')).toBe('Кам’янське');
  });
});
