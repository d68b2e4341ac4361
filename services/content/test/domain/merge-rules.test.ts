import { brokenMergeRules, type MergeAttempt } from '../../src/domain/merge-rules';

describe('merge rules (docs/adr/0103)', () => {
  const attempt = (over: Partial<MergeAttempt> = {}): MergeAttempt => ({ reviews: [], author: 'ann', subject: 'Fix', upToDate: true, actor: 'ann', ...over });
  const rules = (...list: object[]) => ({ type: 'rules', rules: list }) as Parameters<typeof brokenMergeRules>[0];

  test('When there are no rules, Then anything merges', () => {
    expect(brokenMergeRules({ type: 'none' }, attempt())).toEqual([]);
  });

  test('When reviews are required, Then each rule reads the latest verdict of each reviewer', () => {
    const config = rules({ rule: 'require_at_least_one_approved_review' }, { rule: 'require_all_reviews_approved' });
    expect(brokenMergeRules(config, attempt())).toEqual(['require_at_least_one_approved_review', 'require_all_reviews_approved']);
    const changes = { reviewer: 'bob', status: 'changes-requested' } as const;
    const approved = { reviewer: 'bob', status: 'approved' } as const;
    expect(brokenMergeRules(config, attempt({ reviews: [changes] }))).toEqual(['require_at_least_one_approved_review', 'require_all_reviews_approved']);
    expect(brokenMergeRules(config, attempt({ reviews: [changes, approved] }))).toEqual([]);
    expect(brokenMergeRules(config, attempt({ reviews: [approved, { reviewer: 'cy', status: 'changes-requested' }] }))).toEqual(['require_all_reviews_approved']);
    expect(brokenMergeRules(rules({ rule: 'require_at_least_one_review' }), attempt({ reviews: [changes] }))).toEqual([]);
  });

  test('When specific reviewers are named, Then all of them, or one of them, must approve', () => {
    const approvedBy = (...users: string[]) => users.map((reviewer) => ({ reviewer, status: 'approved' as const }));
    const all = rules({ rule: 'require_specific_reviewers', users: ['bob', 'cy'] });
    const one = rules({ rule: 'require_one_of_specific_reviewers', users: ['bob', 'cy'] });
    expect(brokenMergeRules(all, attempt({ reviews: approvedBy('bob') }))).toEqual(['require_specific_reviewers']);
    expect(brokenMergeRules(all, attempt({ reviews: approvedBy('bob', 'cy') }))).toEqual([]);
    expect(brokenMergeRules(one, attempt({ reviews: approvedBy('dee') }))).toEqual(['require_one_of_specific_reviewers']);
    expect(brokenMergeRules(one, attempt({ reviews: approvedBy('cy') }))).toEqual([]);
  });

  test('When the change request is behind main, has no subject or someone else merges, Then those rules break; a user allowed to bypass breaks none', () => {
    const config = rules({ rule: 'require_up_to_date_change_request' }, { rule: 'require_change_request_subject' }, { rule: 'require_author_to_merge' }, { rule: 'allow_bypass', users: ['boss'] });
    expect(brokenMergeRules(config, attempt({ upToDate: false, subject: ' ', actor: 'bob' }))).toEqual(['require_up_to_date_change_request', 'require_change_request_subject', 'require_author_to_merge']);
    expect(brokenMergeRules(config, attempt({ upToDate: false, subject: ' ', actor: 'boss' }))).toEqual([]);
    expect(brokenMergeRules(config, attempt())).toEqual([]);
  });
});
