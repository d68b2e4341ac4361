import { ConfigError, loadConfig } from '@dp/config';
import { publisherConfig, renderOptionsOf } from '../../src/publisher/config';

/** The publisher's render threads (docs/adr/0059): defaults, and a value that would render nothing refused at boot. */
const REQUIRED = { INTERNAL_AUTH_SECRET: 'x'.repeat(32) };

describe('renderOptionsOf', () => {
  test('When nothing is set, Then two threads render with a 2 s budget, 256 MB each, within 20,000 tags nested 100 deep', () => {
    expect(renderOptionsOf(loadConfig(publisherConfig, REQUIRED))).toEqual({ threads: 2, budgetMs: 2000, memoryMb: 256, maxQueue: 64, limits: { maxTags: 20_000, maxDepth: 100 } });
  });

  test('When a render setting is below 1, Then the process refuses to start, naming it', () => {
    const config = loadConfig(publisherConfig, { ...REQUIRED, PUBLISHER_RENDER_THREADS: '0', PUBLISHER_RENDER_BUDGET_MS: '-5' });
    expect(() => renderOptionsOf(config)).toThrow(ConfigError);
    expect(() => renderOptionsOf(config)).toThrow(/PUBLISHER_RENDER_THREADS must be at least 1, got 0[\s\S]*PUBLISHER_RENDER_BUDGET_MS must be at least 1, got -5/);
  });
});
