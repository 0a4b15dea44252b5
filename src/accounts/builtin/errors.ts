/**
 * Strapi v4/v5 error envelope (docs/protocols.md §1): `{ data: null, error: { status, name, message, details } }`.
 * Messages are Strapi's own English texts: clients (and the site's actions) recognise errors by them.
 */
export type ErrorName =
  | 'ValidationError'
  | 'ApplicationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'RateLimitError'
  | 'PayloadTooLargeError'
  | 'MethodNotAllowedError'
  | 'InternalServerError';

export class AuthError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: ErrorName,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const validationError = (message: string, details: Record<string, unknown> = {}) => new AuthError(400, 'ValidationError', message, details);
export const applicationError = (message: string) => new AuthError(400, 'ApplicationError', message);
export const unauthorizedError = (message = 'Missing or invalid credentials') => new AuthError(401, 'UnauthorizedError', message);
export const forbiddenError = (message = 'Forbidden') => new AuthError(403, 'ForbiddenError', message);
export const notFoundError = (message = 'Not Found') => new AuthError(404, 'NotFoundError', message);
export const methodNotAllowedError = () => new AuthError(405, 'MethodNotAllowedError', 'Method Not Allowed');
export const rateLimitError = () => new AuthError(429, 'RateLimitError', 'Too many requests, please try again later.');

export function errorBody(err: AuthError) {
  return { data: null, error: { status: err.status, name: err.errorName, message: err.message, details: err.details } };
}

export function errorResponse(err: AuthError, headers?: HeadersInit): Response {
  return Response.json(errorBody(err), { status: err.status, headers: { 'cache-control': 'no-store', ...headers } });
}
