/** Our default node options the caller did not set (in `extra` or NODE_OPTIONS), then `extra`. */
export function serverNodeArgs(extra?: readonly string[], nodeOptions?: string): string[];
