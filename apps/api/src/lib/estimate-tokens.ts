/**
 * A rough token count (about 4 characters a token for Spanish prose): what budgets the prompt's history
 * and blocks and the research's spending, and what a model server that reports no usage is charged.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
