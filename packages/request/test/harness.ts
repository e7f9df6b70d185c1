import { createRequestClient, type RequestClientOptions } from '../src';
import { recordingSinks } from './recording-sinks';
import type { Received, ScriptServer } from './script-server';

/** A client talking to the script server, with recording UI sinks and a stored session id when given. */
export const clientFor = (
  server: ScriptServer,
  options: Partial<RequestClientOptions> = {},
  stored: Record<string, string> = {},
) => {
  const sinks = recordingSinks(stored);
  const client = createRequestClient({
    baseUrl: server.baseUrl,
    ui: sinks.ui,
    navigate: sinks.navigate,
    storage: sinks.storage,
    ...options,
  });
  return { ...sinks, client };
};

export type EchoEnvelope = { datas: Received[] };
