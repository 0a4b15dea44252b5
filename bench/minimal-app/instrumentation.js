/** The floor app's own (empty) start-up hook, so Next does not pick up the site's src/instrumentation.ts. */
export function register() {}
