import type { PausePoint } from '../src/agent/agent.service.js';

/**
 * Deterministic crash windows for the kill -9 test: with `AGENT_TEST_PAUSE=<point>` and
 * `AGENT_TEST_DELAY_MS=<ms>` in the environment, the agent logs `agent test pause` and waits there,
 * so the test can kill the process at exactly that point.
 */
export function pauseFromEnv(
  env: NodeJS.ProcessEnv,
  log: (point: PausePoint) => void,
): ((point: PausePoint) => Promise<void>) | undefined {
  const point = env.AGENT_TEST_PAUSE;
  const delay = Number(env.AGENT_TEST_DELAY_MS ?? 0);
  if (!point || !(delay > 0)) return undefined;
  return async (at) => {
    if (at !== point) return;
    log(at);
    await new Promise((resolve) => setTimeout(resolve, delay));
  };
}
