import { errorBody, HttpError } from '../../src';

describe('The error body', () => {
  test('When an error carries details, Then they sit beside code and message, which they cannot replace', () => {
    expect(errorBody(409, 'Link it first', { linkCode: 'dpl_x' })).toEqual({ error: { code: 409, message: 'Link it first', linkCode: 'dpl_x' } });
    expect(errorBody(409, 'Real', { code: '200', message: 'forged' })).toEqual({ error: { code: 409, message: 'Real' } });
    expect(errorBody(404, 'Not found')).toEqual({ error: { code: 404, message: 'Not found' } });
    expect(new HttpError(409, 'x', { linkCode: 'c' }).details).toEqual({ linkCode: 'c' });
  });
});
