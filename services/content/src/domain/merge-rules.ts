import type { ReviewStatus } from './review-rules';

/**
 * Merge rules (issue 26), the official `MergeRule` kinds this platform can decide: reviews, the change request's
 * subject, whether it is up to date with main, who merges. `custom` (an expression language),
 * `require_agent_review` (an AI reviewer) and `require_change_request_description` (change requests here have
 * none) have nothing to decide them here and are refused when set.
 */
export type MergeRule =
  | { rule: 'require_specific_reviewers' | 'require_one_of_specific_reviewers' | 'allow_bypass'; users: string[] }
  | {
      rule:
        | 'require_at_least_one_review'
        | 'require_at_least_one_approved_review'
        | 'require_all_reviews_approved'
        | 'require_up_to_date_change_request'
        | 'require_change_request_subject'
        | 'require_author_to_merge';
    };

/** A space's setting (`inherit`: the organization's) or a standalone one. */
export type MergeRulesConfiguration = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };
export type SpaceMergeRules = MergeRulesConfiguration | { type: 'inherit' };

/** What the rules are checked against: the reviews that still count (not outdated), the change request, who merges. */
export interface MergeAttempt {
  reviews: Array<{ reviewer: string; status: ReviewStatus }>;
  author: string;
  subject: string;
  upToDate: boolean;
  actor: string;
}

/** Each rule the attempt breaks, as a sentence that names it; none: it may merge. A user `allow_bypass` names breaks none. */
export function brokenMergeRules(config: MergeRulesConfiguration, attempt: MergeAttempt): string[] {
  if (config.type === 'none') return [];
  if (config.rules.some((r) => r.rule === 'allow_bypass' && r.users.includes(attempt.actor))) return [];
  // A reviewer's latest review that still counts is their verdict.
  const verdicts = new Map<string, ReviewStatus>();
  for (const review of attempt.reviews) verdicts.set(review.reviewer, review.status);
  const approvedBy = (user: string) => verdicts.get(user) === 'approved';
  const statuses = [...verdicts.values()];
  const broken: string[] = [];
  for (const rule of config.rules) {
    const fails = (() => {
      switch (rule.rule) {
        case 'require_specific_reviewers':
          return !rule.users.every(approvedBy);
        case 'require_one_of_specific_reviewers':
          return !rule.users.some(approvedBy);
        case 'allow_bypass':
          return false;
        case 'require_at_least_one_review':
          return statuses.length === 0;
        case 'require_at_least_one_approved_review':
          return !statuses.includes('approved');
        case 'require_all_reviews_approved':
          return statuses.length === 0 || statuses.some((s) => s !== 'approved');
        case 'require_up_to_date_change_request':
          return !attempt.upToDate;
        case 'require_change_request_subject':
          return attempt.subject.trim() === '';
        case 'require_author_to_merge':
          return attempt.actor !== attempt.author;
      }
    })();
    if (fails) broken.push(rule.rule);
  }
  return broken;
}
