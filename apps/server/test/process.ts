/**
 * Runs the server as `npm start` does, as a real child process, for start-up, shutdown and multi-instance
 * tests, the browser tests and the benchmarks: the compiled build (apps/server/dist/main.js, built first when
 * a source is newer, scripts/build-server.mjs) under `node --enable-source-maps`, no TypeScript loader.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD_HASH_COST } from './test-passwords';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const entry = fileURLToPath(new URL('../dist/main.js', import.meta.url));

let built = false;
/** Builds the server once per test process when its build is missing or older than a source (about a second). */
export const ensureServerBuild = () => {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
  built = true;
};

/** The command line of `npm start` (after its build step), for anything that starts the server itself. */
export const serverArgs = () => {
  ensureServerBuild();
  return ['--enable-source-maps', entry];
};

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * `script`: another entry point in the same shape as src/main.ts, in TypeScript (the e2e server with a
 * test-only option), run through tsx; without it, the compiled server.
 */
export const runEntry = (env: Record<string, string>, script?: string) => {
  const args = script ? ['--import', 'tsx', script] : serverArgs();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      PORT: '0',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      ...env,
    },
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
