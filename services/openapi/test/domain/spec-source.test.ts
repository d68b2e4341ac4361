import { sourceColumns, sourceUrlProblem } from '../../src/domain/spec-source';

describe('source URL of an OpenAPI spec', () => {
  test.each([['https://example.com/openapi.json'], ['http://api.example.com:8080/v3/spec.yaml?x=1'], ['https://127.0.0.1/spec']])(
    'When the URL is %s, Then it is accepted',
    (url) => {
      expect(sourceUrlProblem(url)).toBeUndefined();
    },
  );

  test.each([
    ['not a url', /valid URL/],
    ['ftp://example.com/spec.json', /http or https/],
    ['file:///etc/passwd', /http or https/],
    ['https://user:secret@example.com/spec.json', /credentials/],
    ['https://token@example.com/spec.json', /credentials/],
  ])('When the URL is %s, Then it is refused with a reason', (url, reason) => {
    expect(sourceUrlProblem(url)).toMatch(reason);
  });
});

describe('source columns of an OpenAPI spec', () => {
  test('When the source is a URL or a text, Then exactly that column is set', () => {
    expect(sourceColumns({ url: 'https://example.com/a.yaml' })).toEqual({ source_url: 'https://example.com/a.yaml', source_text: null });
    expect(sourceColumns({ text: 'openapi: 3.1.0' })).toEqual({ source_url: null, source_text: 'openapi: 3.1.0' });
  });
});
