import { OutboundError } from '@dp/outbound';
import { processingFailureOf, SpecFetchRefused } from '../../src/domain/processing-error';

describe('processing error of a spec', () => {
  test('When the fetch timed out, Then it is FETCH_TIMEOUT with the fetcher’s message', () => {
    expect(processingFailureOf(new Error('wrapped'), new OutboundError('TIMEOUT', 'http://x did not answer in time'))).toEqual({ code: 'FETCH_TIMEOUT', message: 'http://x did not answer in time' });
  });

  test.each([['BLOCKED_ADDRESS'], ['TOO_LARGE'], ['BAD_STATUS'], ['NETWORK']] as const)('When the fetch failed with %s, Then it is FETCH_ERROR', (code) => {
    expect(processingFailureOf(new Error('wrapped'), new OutboundError(code, 'why'))).toEqual({ code: 'FETCH_ERROR', message: 'why' });
  });

  test('When a $ref was refused (a local file), Then it is FETCH_ERROR with the reason', () => {
    expect(processingFailureOf(new Error('wrapped'), new SpecFetchRefused('$ref to "/etc/passwd" refused'))).toEqual({ code: 'FETCH_ERROR', message: '$ref to "/etc/passwd" refused' });
  });

  test('When nothing failed to fetch, Then it is PARSE_ERROR with the parser’s message', () => {
    expect(processingFailureOf(new SyntaxError('not a valid Openapi API definition'))).toEqual({ code: 'PARSE_ERROR', message: 'not a valid Openapi API definition' });
    expect(processingFailureOf('odd')).toEqual({ code: 'PARSE_ERROR', message: 'odd' });
  });
});
