/**
 * The server as `npm start` runs it, but serving the console build found in CONSOLE_ROOT: the update
 * test deploys a new build into that folder while a browser has the console open. Run by
 * apps/server/test/process.ts (startProcess with this script); stops on SIGTERM.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

const consoleRoot = process.env.CONSOLE_ROOT;
if (!consoleRoot?.endsWith('/')) throw new Error('CONSOLE_ROOT: a folder path ending in /');

const config = loadConfig();
const app = await buildApp(config, { consoleRoot });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
const address = await app.listen({ host: config.host, port: config.port });
app.log.info(`console build server is serving ${address}${config.basePath}`);
