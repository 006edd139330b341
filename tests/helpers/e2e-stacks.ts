import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** What a browser test needs of its stack. */
export interface E2eStack {
  readonly baseUrl: string;
  readonly databaseUrl: string;
  readonly demoTenantCode: string;
  readonly demoAccounts: { login: string; password: string }[];
}

export type StackMessage =
  | { readonly type: 'ready'; readonly stack: E2eStack }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'stopped'; readonly checked: number; readonly problems: string | null };

/** A stack's process, started and waited for. */
export interface RunningStack {
  readonly stack: E2eStack;
  /** Stops the stack; the answer is the response contract's findings, or null when clean. */
  stop(): Promise<{ checked: number; problems: string | null }>;
}

/** Starts e2e-stack.ts in a process of its own (through tsx) and waits for its addresses. */
export function startStack(webDir: string): Promise<RunningStack> {
  const child: ChildProcess = fork(path.resolve('tests/helpers/e2e-stack.ts'), [], {
    env: { ...process.env, E2E_WEB_DIR: webDir },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the e2e stack exited (${code}) before it was ready`));
    child.once('exit', exited);
    child.once('message', (message: StackMessage) => {
      child.off('exit', exited);
      if (message.type === 'failed') return reject(new Error(`the e2e stack did not start:\n${message.error}`));
      if (message.type !== 'ready') return reject(new Error(`unexpected message from the e2e stack: ${message.type}`));
      resolve({
        stack: message.stack,
        stop: () =>
          new Promise((done) => {
            const gone = () => done({ checked: 0, problems: 'the e2e stack exited without reporting its response checks' });
            child.once('exit', gone);
            child.once('message', (answer: StackMessage) => {
              if (answer.type !== 'stopped') return;
              child.off('exit', gone);
              done({ checked: answer.checked, problems: answer.problems });
            });
            child.send({ type: 'stop' });
          }),
      });
    });
  });
}
