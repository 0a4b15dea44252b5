/** Next calls register() once per server process before serving; the start-up sequence runs there. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Under a bare `next start` a client could write x-client-address itself: refuse to run (server.mjs only).
  (await import('./platform/client-address-guard.server')).requireClientAddressServer();
  const { startup } = await import('./platform/startup.server');
  const { startupSteps } = await import('./wiring.server');
  const { installShutdownHandlers } = await import('./platform/shutdown.server');
  installShutdownHandlers();
  await startup(startupSteps());
}
