/** Query keys of the training feature, built in one place so they are never retyped. */
export const trainingKeys = {
  all: ['training'] as const,
  gaps: () => [...trainingKeys.all, 'knowledge-gaps'] as const,
  knowledgeBase: () => [...trainingKeys.all, 'knowledge-base'] as const,
};
