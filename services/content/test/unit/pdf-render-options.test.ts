import { ConfigError, loadConfig } from '@dp/config';
import { contentConfig, pdfRenderOptionsOf } from '../../src/config';

/** The PDF export's render threads (docs/adr/0063): defaults, and a value that would render nothing refused at boot. */
const REQUIRED = { INTERNAL_AUTH_SECRET: 'x'.repeat(32), CONTENT_SECRETS_KEY: Buffer.alloc(32).toString('base64') };

describe('pdfRenderOptionsOf', () => {
  test('When nothing is set, Then one thread renders PDF pages with a 2 s budget per page and 256 MB, 32 pages waiting at most', () => {
    expect(pdfRenderOptionsOf(loadConfig(contentConfig, REQUIRED))).toEqual({ threads: 1, budgetMs: 2000, memoryMb: 256, maxQueue: 32 });
  });

  test('When a PDF render setting is below 1, Then the process refuses to start, naming it', () => {
    const config = loadConfig(contentConfig, { ...REQUIRED, CONTENT_PDF_RENDER_THREADS: '0', CONTENT_PDF_RENDER_MEMORY_MB: '-1' });
    expect(() => pdfRenderOptionsOf(config)).toThrow(ConfigError);
    expect(() => pdfRenderOptionsOf(config)).toThrow(/CONTENT_PDF_RENDER_THREADS must be at least 1, got 0[\s\S]*CONTENT_PDF_RENDER_MEMORY_MB must be at least 1, got -1/);
  });
});
