/** The admin UI's calls to the studio JSON API (same endpoints scripts use; the session cookie authorises them). */

export interface ApiErrorBody {
  error?: { status?: number; name?: string; message?: string; details?: Record<string, unknown> };
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: string,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function toApiError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body.error?.message) return new ApiError(status, body.error.name ?? 'Error', body.error.message, body.error.details ?? {});
  } catch {
    /* not JSON */
  }
  if (status === 0) return new ApiError(0, 'NetworkError', 'Spojení se serverem se přerušilo. Zkuste to prosím znovu.');
  return new ApiError(status, 'Error', `Server odpověděl chybou ${status}. Zkuste to prosím znovu.`);
}

export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw toApiError(0, '');
  }
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text);
  return (text ? JSON.parse(text) : null) as T;
}

/** One file through XMLHttpRequest (fetch has no upload progress). Resolves with the JSON answer. */
export function uploadFile(url: string, file: File, onProgress: (fraction: number) => void): Promise<{ id: string; status: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as { id: string; status: string });
      } else reject(toApiError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(toApiError(0, ''));
    xhr.onabort = () => reject(toApiError(0, ''));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
