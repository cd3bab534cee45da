import { inboxRule } from './inbox-rule.js';
import { holderRule, type VisibilityRule } from './visibility-rules.js';

/**
 * Every rule of operators' visibility, in the order they are checked: a viewer sees a conversation
 * when all of them allow it (docs/security.md, "Operators' visibility").
 */
export const VISIBILITY_RULES: readonly VisibilityRule[] = [holderRule, inboxRule];
