import type { MergeRulesConfiguration, SpaceMergeRules } from '@dp/contracts';
import type { ReviewStatus } from './review-rules';

/**
 * Merge rules (issue 26): the official `MergeRule` kinds this platform can decide (their schema, and why the
 * others are refused, in @dp/contracts' merge-rules.ts): reviews, the change request's subject, whether it is up
 * to date with main, who merges. A space that inherits takes its organization's rules (`effectiveMergeRules`).
 */
export type { MergeRule, MergeRulesConfiguration, SpaceMergeRules } from '@dp/contracts';

/** The rules a merge into a space obeys: the space's own, or its organization's when it inherits (none known: none). */
export function effectiveMergeRules(space: SpaceMergeRules, organization: MergeRulesConfiguration | undefined): MergeRulesConfiguration {
  return space.type === 'inherit' ? (organization ?? { type: 'none' }) : space;
}

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
