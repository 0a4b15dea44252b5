/** The admin UI's calls to the galleries JSON API (the same endpoints scripts use; the session cookie authorises them). */

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function errorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    /* not JSON */
  }
  if (status === 0) return 'Spojení se serverem se přerušilo. Zkuste to prosím znovu.';
  return `Server odpověděl chybou ${status}. Zkuste to prosím znovu.`;
}

export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, errorMessage(0, ''));
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, errorMessage(res.status, text));
  return (text ? JSON.parse(text) : null) as T;
}
