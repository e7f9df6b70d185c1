/** `npm start`: configuration from the environment, then serve until SIGINT/SIGTERM. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const main = async () => {
  // The site's pages render with React; without this it loads its development build, a third slower per page.
  process.env.NODE_ENV ??= 'production';
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    app.log.info('closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`悦讯 is serving ${address}${config.basePath} (database: ${app.database.driver})`);
};

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
});
