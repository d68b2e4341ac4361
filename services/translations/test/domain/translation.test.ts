import { emptyInstructions, judgeSourceSpace, targetLanguageProblem } from '../../src/domain/translation';

const org = 'org1';
const space = (over: object = {}) => ({ id: 's1', organization: org, ...over });

describe('target language', () => {
  test('When the target differs from the source, Then it is accepted', () => {
    expect(targetLanguageProblem('en', 'fr')).toBeUndefined();
  });
  test('When the target is the source language, Then it is refused', () => {
    expect(targetLanguageProblem('en', 'en')).toMatch(/must differ/);
  });
});

describe('source space, as the content service answers for the caller', () => {
  test('When the space exists in the organization, Then it is a valid source', () => {
    expect(judgeSourceSpace({ status: 200, space: space() }, org, 's1')).toEqual({ ok: true });
  });
  test.each([
    ['missing or unreadable (404)', { status: 404 }, /does not exist or you cannot read it/],
    ['forbidden (403)', { status: 403 }, /does not exist or you cannot read it/],
    ['in another organization', { status: 200, space: space({ organization: 'other' }) }, /does not belong to this organization/],
    ['deleted', { status: 200, space: space({ deletedAt: '2026-11-22T00:00:00.000Z' }) }, /is deleted/],
  ])('When the space is %s, Then it is a 400 naming body.source.space', (_label, answer, reason) => {
    const verdict = judgeSourceSpace(answer, org, 's1');
    expect(verdict).toEqual({ ok: false, status: 400, message: expect.stringMatching(reason) });
    expect(!verdict.ok && verdict.message).toMatch(/^body\.source\.space: space s1 /);
  });
  test('When content answers something unexpected, Then it is a 502, not the caller’s fault', () => {
    expect(judgeSourceSpace({ status: 401 }, org, 's1')).toMatchObject({ ok: false, status: 502 });
  });
});

describe('instructions', () => {
  test('When none are given, Then the translation has an empty document', () => {
    expect(emptyInstructions()).toEqual({ object: 'document', data: {}, nodes: [] });
  });
});
