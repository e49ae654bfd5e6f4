import i18n from 'i18next';
/**
 * The one API client. Every call sends cookies, JSON content type only when there is a body.
 * A non-OK response throws ApiError whose message is the server's message (the spec's wording).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly fieldErrors?: Record<string, string>,
    /** The message's stable key in the catalogue (domain/messages/catalogue.ts) and its parameters. */
    public readonly key?: string,
    public readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** fetch with the session's cookies; a request that cannot reach the server throws the network ApiError. */
export async function fetchWithSession(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'include' });
  } catch {
    throw new ApiError(
      0,
      'Unable to connect to server. Please try again.',
      'network',
      undefined,
      'common.network',
    );
  }
}

export async function apiRequest<T>(
  method: Method,
  url: string,
  body?: unknown,
  init?: { headers?: Record<string, string> },
): Promise<T> {
  const res = await fetchWithSession(url, {
    method,
    headers: {
      // The server writes history sentences in the reader's language (domain/history-text.ts).
      'accept-language': i18n.resolvedLanguage ?? i18n.language ?? 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init?.headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const obj = (data && typeof data === 'object' ? data : {}) as {
      message?: string;
      code?: string;
      key?: string;
      params?: Record<string, string | number>;
      fieldErrors?: Record<string, string>;
    };
    const message =
      obj.message ??
      (typeof data === 'string' && data
        ? data
        : res.statusText || `Request failed (${res.status})`);
    throw new ApiError(res.status, message, obj.code, obj.fieldErrors, obj.key, obj.params);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown, init?: { headers?: Record<string, string> }) =>
    apiRequest<T>('POST', url, body ?? {}, init),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

/** A load that answers 401 yields null (signed out) instead of an error. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
