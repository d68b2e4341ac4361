import { decodeCursor, encodeCursor, HttpError } from '../../src';

test('When a cursor is encoded, Then it is opaque and decodes to the key', () => {
  const c = encodeCursor(12345);
  expect(c).not.toContain('12345');
  expect(decodeCursor(c)).toBe('12345');
});

test.each(['', 'abc', Buffer.from('{"k":"1; drop"}').toString('base64url'), Buffer.from('{"k":1}').toString('base64url')])(
  'When the page token %p is not one we issued, Then it is a 400',
  (token) => {
    expect(() => decodeCursor(token)).toThrow(HttpError);
  },
);
