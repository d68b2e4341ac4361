import { renderPage } from '../../src/render';
import { CONTENTKIT_LIMITS, integrationBlocks, MAX_PAGE_INTEGRATION_BLOCKS, type ContentKitElement } from '../../src/integration-blocks';

/** An integration block in its kept form (docs/adr/0072), as content writes it, with its text. */
const kept = (data: object, text = 'Open the dashboard') => {
  const key = Buffer.from(JSON.stringify({ object: 'block', type: 'integration', isVoid: true, data })).toString('base64url');
  return { key, markdown: `{% json block="${key}" %}\n${text}\n{% endjson %}\n` };
};
const block = kept({ integration: 'status-board', block: 'status', props: { service: 'api' } });
const render = (markdown: string, integrations?: Record<string, ContentKitElement>) => renderPage(markdown, () => undefined, integrations ? { integrations } : {}).html;

describe('integration blocks (docs/adr/0094)', () => {
  test('When a page holds integration blocks, Then each is found once with its integration, block and props', () => {
    const other = kept({ integration: 'status-board', block: 'incidents', props: {} });
    expect(integrationBlocks(`Intro\n\n${block.markdown}\n${block.markdown}\n${other.markdown}`)).toEqual([
      { key: block.key, integration: 'status-board', block: 'status', props: { service: 'api' } },
      { key: other.key, integration: 'status-board', block: 'incidents', props: {} },
    ]);
    const many = Array.from({ length: 15 }, (_, i) => kept({ integration: 'x', block: `b${i}`, props: {} }).markdown).join('\n');
    expect(integrationBlocks(many)).toHaveLength(MAX_PAGE_INTEGRATION_BLOCKS);
  });

  test('When its integration rendered the block, Then the page shows the ContentKit element as HTML; otherwise the kept text', () => {
    const element: ContentKitElement = {
      type: 'block',
      children: [
        { type: 'card', title: 'API status', hint: 'All systems normal', onPress: { action: '@ui.url.open', url: 'https://status.example.com' }, children: [{ type: 'markdown', content: 'Uptime **99.9%**' }] },
        { type: 'hstack', children: [{ type: 'text', style: 'bold', children: 'Region' }, { type: 'divider' }, { type: 'button', label: 'Details', onPress: { action: '@ui.url.open', url: 'https://status.example.com/api' } }] },
        { type: 'codeblock', content: 'curl https://status.example.com' },
        { type: 'image', source: { url: 'https://cdn.example.com/chart.png' }, aspectRatio: 2 },
      ],
    };
    const html = render(block.markdown, { [block.key]: element });
    expect(html).toContain('<div class="integration-block"><div class="ck-block"><div class="ck-card"><p class="ck-card-title"><a href="https://status.example.com">API status</a></p><p class="ck-card-hint">All systems normal</p>');
    expect(html).toContain('<p>Uptime <strong>99.9%</strong></p>');
    expect(html).toContain('<div class="ck-hstack"><strong>Region</strong><hr class="ck-divider" /><a class="ck-button" href="https://status.example.com/api">Details</a></div>');
    expect(html).toContain('<pre class="ck-code"><code>curl https://status.example.com</code></pre>');
    expect(html).toContain('<img class="ck-image" src="https://cdn.example.com/chart.png" alt="" />');
    expect(html).not.toContain('Open the dashboard');
    expect(render(block.markdown)).toContain('Open the dashboard');
  });

  test('When an integration answers hostile elements, Then no script, handler or script URL reaches the page and its size is bounded', () => {
    const evil: ContentKitElement = {
      type: 'block',
      children: [
        { type: 'markdown', content: '<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))' },
        { type: 'button', label: 'Go', onPress: { action: '@ui.url.open', url: 'javascript:alert(4)' } },
        { type: 'link', target: { url: 'javascript:alert(5)' }, children: '"><script>alert(6)</script>' },
        { type: 'image', source: { url: 'data:image/svg+xml,<svg onload=alert(7)>' }, aspectRatio: 1 },
        { type: 'webframe', source: { url: 'https://evil.example.com/frame' } },
        { type: 'textinput', id: 'x', state: 'x' },
      ],
    };
    const html = render(block.markdown, { [block.key]: evil });
    expect(html).not.toMatch(/<script|onerror|href="javascript:|<iframe|src="data:/);
    expect(html).toContain('&lt;script&gt;alert(6)&lt;/script&gt;');
    expect(html).toContain('<a href="https://evil.example.com/frame">https://evil.example.com/frame</a>');

    let deep: ContentKitElement = { type: 'text', children: 'bottom' };
    for (let i = 0; i < 100; i++) deep = { type: 'box', children: [deep] };
    expect(render(block.markdown, { [block.key]: deep })).not.toContain('bottom');
    const wide: ContentKitElement = { type: 'block', children: Array.from({ length: 5_000 }, () => ({ type: 'text', children: 'x' })) };
    expect((render(block.markdown, { [block.key]: wide }).match(/<span>x<\/span>/g) ?? []).length).toBe(CONTENTKIT_LIMITS.elements - 1);
  });
});
