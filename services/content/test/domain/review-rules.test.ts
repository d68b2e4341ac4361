import { checkReviewable } from '../../src/domain/review-rules';

describe('review rules (docs/adr/0102)', () => {
  const cr = { status: 'open', created_by: 'ann', number: 7 };

  test('When the author reviews their own change request, Then they may request changes but not approve', () => {
    expect(() => checkReviewable(cr, 'ann', 'changes-requested')).not.toThrow();
    expect(() => checkReviewable(cr, 'ann', 'approved')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => checkReviewable(cr, 'bob', 'approved')).not.toThrow();
  });

  test('When a change request is no longer worked on, Then nobody reviews it (409); a draft is reviewable', () => {
    for (const status of ['merged', 'archived']) expect(() => checkReviewable({ ...cr, status }, 'bob', 'approved')).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => checkReviewable({ ...cr, status: 'draft' }, 'bob', 'approved')).not.toThrow();
  });
});
