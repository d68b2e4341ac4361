import { afterSectionRemoval, chooseDefault, PATH_PATTERN, sectionPath, sectionPublishedUrl, sectionTitle, unknownSectionProblem, UNTITLED_SECTION } from '../../src/domain/site-structure-rules';

const item = (id: string, isDefault = false) => ({ id, isDefault });

describe('defaults', () => {
  test('When one item is marked default, Then it is the default; when none is, the first; when empty, none', () => {
    expect(chooseDefault([item('a'), item('b', true)])).toBe('b');
    expect(chooseDefault([item('a'), item('b')])).toBe('a');
    expect(chooseDefault([])).toBeNull();
  });
  test('When the default section is removed, Then the first remaining one becomes the default', () => {
    expect(afterSectionRemoval([item('a', true), item('b'), item('c')], 'a')).toEqual({ kind: 'sections-remain', nextDefault: 'b' });
  });
  test('When another section is removed, Then the default stays', () => {
    expect(afterSectionRemoval([item('a', true), item('b')], 'b')).toEqual({ kind: 'sections-remain', nextDefault: null });
  });
  test('When the last section is removed, Then the site has no sections left', () => {
    expect(afterSectionRemoval([item('a', true)], 'a')).toEqual({ kind: 'no-sections-left' });
  });
});

describe('titles, paths and URLs of sections', () => {
  test('When no title is given, Then the space title is used, or a default when it is too short', () => {
    expect(sectionTitle('API', 'Space')).toBe('API');
    expect(sectionTitle(null, ' Handbook ')).toBe('Handbook');
    expect(sectionTitle(undefined, 'X')).toBe(UNTITLED_SECTION);
  });
  test('When a path is taken, Then the next free suffix is used', () => {
    expect(sectionPath('User Guides', new Set(['user-guides']))).toBe('user-guides-2');
  });
  test('When a path is one URL segment, Then the pattern accepts it; a slash, a space or a leading dot are refused', () => {
    const pattern = new RegExp(PATH_PATTERN);
    expect(['api', 'v1.2', 'a_b~c', '-x'].every((p) => pattern.test(p))).toBe(true);
    expect(['a/b', 'a b', '..', '.hidden', ''].some((p) => pattern.test(p))).toBe(false);
  });
  test('When the site is published, Then the default section is at its URL and the others under it; unpublished, nowhere', () => {
    expect(sectionPublishedUrl('https://docs.example.com/', { path: 'api', isDefault: false })).toBe('https://docs.example.com/api');
    expect(sectionPublishedUrl('https://docs.example.com/', { path: 'api', isDefault: true })).toBe('https://docs.example.com/');
    expect(sectionPublishedUrl(undefined, { path: 'api', isDefault: true })).toBeUndefined();
  });
  test('When a section is unknown, Then the problem names the field and says when the site has no sections', () => {
    expect(unknownSectionProblem('body.sectionId', 's1', false)).toBe('body.sectionId: site section s1 is not in this site (the site has no sections)');
    expect(unknownSectionProblem('body.sectionId', 's1', true)).toBe('body.sectionId: site section s1 is not in this site');
  });
});
