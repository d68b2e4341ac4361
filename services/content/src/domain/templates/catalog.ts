/**
 * The space templates this platform ships (`POST SPACE/content/template` `{id}`, `POST ORG/spaces`
 * `template: {id}`): each a tree of pages with starter markdown. Data, not code: adding a template is adding
 * an entry. Pure.
 */
export interface TemplatePage {
  title: string;
  markdown: string;
  children?: TemplatePage[];
}

export interface SpaceTemplate {
  id: string;
  title: string;
  subtitle: string;
  pages: TemplatePage[];
}

export const TEMPLATES: readonly SpaceTemplate[] = [
  {
    id: 'product-docs',
    title: 'Product documentation',
    subtitle: 'Introduce a product, get readers started, then go deeper',
    pages: [
      { title: 'Overview', markdown: '# Overview\n\nWhat the product is, who it is for and what it solves.\n\n## Key features\n\n- First feature\n- Second feature\n' },
      {
        title: 'Getting started',
        markdown: '# Getting started\n\nThe shortest path from nothing to a first result.\n',
        children: [
          { title: 'Quickstart', markdown: '# Quickstart\n\n1. Sign up\n2. Create your first project\n3. Invite your team\n' },
          { title: 'Installation', markdown: '# Installation\n\n```sh\nnpm install your-product\n```\n' },
        ],
      },
      { title: 'Guides', markdown: '# Guides\n\nStep-by-step guides for common tasks.\n' },
      { title: 'FAQ', markdown: '# FAQ\n\n## How do I get help?\n\nContact support from the app.\n' },
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference',
    subtitle: 'Document an HTTP API: authentication, endpoints, errors',
    pages: [
      { title: 'Introduction', markdown: '# Introduction\n\nThe API is organised around REST, accepts JSON bodies and returns JSON.\n' },
      { title: 'Authentication', markdown: '# Authentication\n\nSend your API token in the `Authorization` header:\n\n```http\nAuthorization: Bearer <token>\n```\n' },
      { title: 'Endpoints', markdown: '# Endpoints\n\nOne page per resource.\n', children: [{ title: 'Users', markdown: '# Users\n\n## List users\n\n`GET /v1/users`\n' }] },
      { title: 'Errors', markdown: '# Errors\n\nErrors are `{"error": {"code", "message"}}` with the HTTP status as `code`.\n' },
    ],
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge base',
    subtitle: 'Answers your team and customers look for',
    pages: [
      { title: 'Welcome', markdown: '# Welcome\n\nStart here: how this knowledge base is organised.\n' },
      { title: 'How-to articles', markdown: '# How-to articles\n\nShort answers to "how do I ...?".\n' },
      { title: 'Troubleshooting', markdown: '# Troubleshooting\n\nSymptoms, causes and fixes.\n' },
    ],
  },
];

export function findTemplate(id: string): SpaceTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
