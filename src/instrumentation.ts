/** Next calls register() once per server process before serving; the start-up sequence runs there. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { behindClientAddressServer } = await import('./platform/rate-limit.server');
  if (process.env.NODE_ENV === 'production' && !behindClientAddressServer()) {
    // Under a bare `next start` a client could write x-client-address itself and dodge every per-client limit.
    console.error('Produkční server se spouští příkazem `npm start` (node server.mjs), ne `next start`.');
    process.exit(1);
  }
  const { startup } = await import('./platform/startup.server');
  const { startupSteps } = await import('./wiring.server');
  const { installShutdownHandlers } = await import('./platform/shutdown.server');
  installShutdownHandlers();
  await startup(startupSteps());
}
