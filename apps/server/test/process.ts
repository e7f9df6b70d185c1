/** Runs `npm start`'s entry point as a real child process, for start-up, shutdown and multi-instance tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** `script`: another entry point in the same shape as src/main.ts (e2e servers with a test-only option). */
export const runEntry = (env: Record<string, string>, script = entry) => {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
};

export const startProcess = async (
  env: Record<string, string>,
  timeoutMs = 60_000,
  script?: string,
): Promise<ServerProcess> => {
  const { proc, output, exited } = runEntry(env, script);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = output().match(/is serving (http:\/\/[^\s/"]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout?.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return {
    proc,
    url,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill(signal);
      return exited;
    },
  };
};
