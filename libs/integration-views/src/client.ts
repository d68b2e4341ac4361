import { LRUCache } from 'lru-cache';
import { signServiceAssertion } from '@dp/auth';
import type { IntegrationBlockRender } from '@dp/contracts';
import { serviceClient } from '@dp/http';
import type { Logger } from '@dp/log';
import { integrationBlocks, type ContentKitElement, type IntegrationBlockRef } from '@dp/markdown-html';

/**
 * What a renderer of pages reads of integrations (docs/adr/0094): a page's integration block rendered by its
 * integration, installed on the page's organization and space, asked as the calling service (the sites
 * publisher, content's PDF export). An element is kept as long as its integration says (`max-age`, at most an
 * hour); a block its integration does not render here (not installed: 404) is remembered a minute; a failure is
 * logged and the block shows its text, never failing the page.
 */
export interface IntegrationBlocks {
  render(organizationId: string, spaceId: string, block: IntegrationBlockRef): Promise<ContentKitElement | undefined>;
}

const MISSING_MS = 60_000;
/**
 * What the kept elements may weigh in all: an integration is a tenant's script, and each answer may be as large
 * as INTEGRATIONS_RESPONSE_MAX_BYTES (5 MB), so a count of entries would bound nothing (issue 28).
 */
export const KEPT_ELEMENTS_MAX_BYTES = 32 * 1024 * 1024;

export function integrationBlocksClient(
  integrationsUrl: string,
  internalAuthSecret: string,
  log: Logger,
  service: 'sites' | 'content' = 'sites',
  maxBytes = KEPT_ELEMENTS_MAX_BYTES,
): IntegrationBlocks {
  // A page waits for its blocks: a slow integration costs it at most this, then the blocks show their text.
  const request = serviceClient(integrationsUrl, { serviceName: 'integrations', timeoutMs: 5_000 });
  // Parsed JSON takes about twice its text in memory.
  const kept = new LRUCache<string, { element?: ContentKitElement; length: number }>({ maxSize: maxBytes, sizeCalculation: (entry) => 256 + entry.length * 2 });
  return {
    async render(organizationId, spaceId, block) {
      const key = JSON.stringify([organizationId, spaceId, block.key]);
      const hit = kept.get(key);
      if (hit) return hit.element;
      const body = { organizationId, spaceId, blockId: block.block, props: block.props };
      try {
        const res = await request<IntegrationBlockRender>('POST', `/internal/integrations/${encodeURIComponent(block.integration)}/blocks/render`, { assertion: signServiceAssertion(service, internalAuthSecret) }, { body });
        if (res.status === 200 && res.body) {
          if (res.body.maxAgeSeconds > 0) kept.set(key, { element: res.body.element, length: res.length }, { ttl: res.body.maxAgeSeconds * 1000 });
          return res.body.element;
        }
        if (res.status === 404) kept.set(key, { length: 0 }, { ttl: MISSING_MS });
        else log.warn({ organizationId, spaceId, integration: block.integration, blockId: block.block, status: res.status }, 'an integration block could not be rendered for a page');
      } catch (err) {
        log.warn({ err, organizationId, spaceId, integration: block.integration, blockId: block.block }, 'an integration block could not be rendered for a page');
      }
      return undefined;
    },
  };
}

/**
 * The elements a page's integration blocks render to (`integrationBlocks`), by kept-form key, from the
 * integrations installed on the page's own organization and space; `any`: the page shows live integration
 * data, which changes without its revision.
 */
export async function integrationViewsOf(blocks: IntegrationBlocks, organizationId: string, spaceId: string, markdown: string): Promise<{ views: Record<string, ContentKitElement>; any: boolean }> {
  const refs = integrationBlocks(markdown);
  const views: Record<string, ContentKitElement> = {};
  await Promise.all(
    refs.map(async (ref) => {
      const element = await blocks.render(organizationId, spaceId, ref);
      if (element) views[ref.key] = element;
    }),
  );
  return { views, any: refs.length > 0 };
}
