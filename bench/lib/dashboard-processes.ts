import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './repo-root.js';

export interface DashboardProcessOptions {
  /** The child script, from the repository root (it reads DASHBOARD_URL, _TOKEN and _SOCKETS). */
  script: string;
  processes: number;
  socketsPerProcess: number;
  url: string;
  token: string;
  /** Further variables for the process at `index`. */
  env?: (index: number) => Record<string, string>;
}

/**
 * Dashboard sockets spread over a few child processes, as real dashboards are browsers with their own
 * event loops. Each process answers every IPC question once, in order, so an answer is matched to its
 * question by position; resolves once every process has said it is ready.
 */
export async function forkDashboards<Reply>(options: DashboardProcessOptions) {
  type Waiter = { resolve(reply: Reply): void; reject(error: Error): void };
  /** Each process, with the questions it has not answered yet. */
  const children: Array<{ child: ChildProcess; waiting: Waiter[] }> = [];
  for (let i = 0; i < options.processes; i++) {
    const child = fork(join(ROOT, options.script), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DASHBOARD_URL: options.url,
        DASHBOARD_TOKEN: options.token,
        DASHBOARD_SOCKETS: String(options.socketsPerProcess),
        ...options.env?.(i),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const waiting: Waiter[] = [];
    child.on('message', (reply: Reply) => waiting.shift()?.resolve(reply));
    child.on('exit', () => {
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('processo de painel terminou'));
    });
    children.push({ child, waiting });
  }
  /** Asks every dashboard process one question (null: none, wait for the next message); answers in process order. */
  const ask = <T extends Reply>(question: string | null): Promise<T[]> =>
    Promise.all(
      children.map(
        ({ child, waiting }) =>
          new Promise<T>((resolve, reject) => {
            if (child.exitCode !== null) {
              reject(new Error('processo de painel terminou'));
              return;
            }
            waiting.push({ resolve: (reply) => resolve(reply as T), reject });
            if (question) child.send(question);
          }),
      ),
    );
  await ask(null);
  return {
    ask,
    pids: children.map(({ child }) => child.pid),
    stop: async () => {
      await Promise.all(
        children.map(({ child }) => {
          if (child.exitCode !== null) return null;
          const exited = new Promise((r) => child.once('exit', r));
          child.send('stop');
          return exited;
        }),
      );
    },
  };
}
