/** The outbox statuses as the photographer reads them (list and detail). */
export const MAIL_STATUS: Record<string, string> = { pending: 'Čeká', sending: 'Odesílá se', sent: 'Odesláno', stored: 'Jen uloženo (neodesláno)', failed: 'Selhalo' };
