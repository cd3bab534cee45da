import {
  type AutomationRuleInput,
  apiPaths,
  type TestRuleResult,
  testRuleResponseSchema,
} from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface TestRuleInput {
  rule: AutomationRuleInput;
  conversationId: string;
}

/** "Testar": which conditions hold on that conversation and what the rule would do. Nothing is done. */
export async function testAutomationRule(input: TestRuleInput): Promise<TestRuleResult> {
  return (
    await apiRequest(apiPaths.automationsTest(), {
      method: 'POST',
      body: input,
      schema: testRuleResponseSchema,
    })
  ).data;
}

export function useTestAutomationRule() {
  return useMutation({ mutationFn: testAutomationRule });
}
