import { carriesAudience } from '../../src/publisher/front-cache';

/** Which query strings the front cache leaves to express (docs/adr/0059): only those the audience reads (docs/adr/0041). */
describe('carriesAudience', () => {
  test('When the query holds a share key, a visitor token or an unsigned claim, Then it carries an audience', () => {
    for (const query of ['share=k', 'jwt_token=t', 'visitor.plan=pro', 'v=1&share=', 'a=b&visitor.x']) expect([query, carriesAudience(query)]).toEqual([query, true]);
  });

  test('When the query holds anything else, Then the page is the same for it (cached by its path)', () => {
    for (const query of ['', 'v=1', 'utm_source=x&utm_medium=y', 'visitor=1', 'shared=1', 'jwt=x']) expect([query, carriesAudience(query)]).toEqual([query, false]);
  });

  test('When a parameter name is percent-encoded, Then it is read as the audience reads it', () => {
    expect(carriesAudience('%73hare=k')).toBe(true);
    expect(carriesAudience('jwt%5Ftoken=t')).toBe(true);
  });
});
