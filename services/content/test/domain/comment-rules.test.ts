import type { Role } from '@dp/auth';
import { canComment, canDelete, canEditBody, canResolve, commentPermissions, nextResolution, reactionChange } from '../../src/domain/comment-rules';

const author = 'u-author';
const as = (role: Role | undefined, userId = 'u-other') => ({ userId, role });

describe('who may do what with a comment', () => {
  test.each<[Role, boolean]>([
    ['read', false],
    ['comment', true],
    ['edit', true],
    ['admin', true],
  ])('When a %s member comments, replies or reacts, Then allowed is %p', (role, allowed) => {
    expect(canComment(as(role))).toBe(allowed);
  });

  test('When the author edits the body, Then it is allowed; anyone else, even an admin, is refused', () => {
    expect(canEditBody(as('comment', author), author)).toBe(true);
    expect(canEditBody(as('admin'), author)).toBe(false);
    expect(canEditBody(as('edit'), author)).toBe(false);
  });

  test('When the author was demoted to read, Then they may no longer edit, resolve or delete their comment', () => {
    expect(canEditBody(as('read', author), author)).toBe(false);
    expect(canResolve(as('read', author), author)).toBe(false);
    expect(canDelete(as('read', author), author)).toBe(false);
  });

  test.each<[string, { userId: string | undefined; role: Role | undefined }, boolean]>([
    ['the author', as('comment', author), true],
    ['a space admin', as('admin'), true],
    ['a reviewer who did not write it', as('review'), false],
    ['a commenter who did not write it', as('comment'), false],
    ['a caller without a user', { userId: undefined, role: 'comment' }, false],
    ['a non-member', as(undefined), false],
  ])('When %s resolves or deletes it, Then allowed is %p', (_who, actor, allowed) => {
    expect(canResolve(actor, author)).toBe(allowed);
    expect(canDelete(actor, author)).toBe(allowed);
  });

  test('When a reader looks at a comment, Then its permissions say view only', () => {
    expect(commentPermissions(as('read'), author)).toEqual({ view: true, edit: false, reply: false, delete: false });
  });

  test('When the author looks at their comment, Then every permission is true', () => {
    expect(commentPermissions(as('comment', author), author)).toEqual({ view: true, edit: true, reply: true, delete: true });
  });
});

describe('reactions asked by a PUT', () => {
  test('When an emoji is added twice, Then it is added once', () => {
    expect(reactionChange(['👍', '👍', '🎉'], [])).toEqual({ added: ['👍', '🎉'], removed: [] });
  });

  test('When an emoji is both added and removed, Then it ends up removed', () => {
    expect(reactionChange(['👍', '🎉'], ['👍'])).toEqual({ added: ['🎉'], removed: ['👍'] });
  });

  test('When nothing is asked, Then nothing changes', () => {
    expect(reactionChange()).toEqual({ added: [], removed: [] });
  });
});

describe('resolution', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const earlier = new Date('2026-11-20T08:00:00Z');

  test('When an open comment is resolved, Then it records who and when', () => {
    expect(nextResolution({ resolvedAt: null, resolvedBy: null }, true, 'u1', now)).toEqual({ resolvedAt: now, resolvedBy: 'u1', changed: true });
  });

  test('When a resolved comment is resolved again, Then the first resolution stays', () => {
    expect(nextResolution({ resolvedAt: earlier, resolvedBy: 'u0' }, true, 'u1', now)).toEqual({ resolvedAt: earlier, resolvedBy: 'u0', changed: false });
  });

  test('When a resolved comment is reopened, Then its resolution is cleared', () => {
    expect(nextResolution({ resolvedAt: earlier, resolvedBy: 'u0' }, false, 'u1', now)).toEqual({ resolvedAt: null, resolvedBy: null, changed: true });
  });

  test('When an open comment is reopened, Then nothing changes', () => {
    expect(nextResolution({ resolvedAt: null, resolvedBy: null }, false, 'u1', now)).toEqual({ resolvedAt: null, resolvedBy: null, changed: false });
  });
});
