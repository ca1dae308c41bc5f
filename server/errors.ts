/** The one error shape: { error: { code, message, fields? } } with the right HTTP status. */
export type FieldErrors = Record<string, string>;
/**
 * The names and numbers a message is about (a teacher, a room, student codes), so that the client
 * can say the same sentence in the user's language: `<area>.errors.<name>_named` with these values.
 */
export type ErrorParams = Record<string, string | number>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.params ? { params: this.params } : {}),
      },
    };
  }
}

export const badRequest = (field: string, message: string) =>
  new ApiError(400, 'invalid_input', `${field}: ${message}`, { [field]: message });
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new ApiError(403, 'forbidden', message);
export const notFound = (what = 'Record') => new ApiError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, field?: string) =>
  new ApiError(409, 'conflict', message, field ? { [field]: message } : undefined);
export const tooMany = (message: string) => new ApiError(429, 'too_many_requests', message);
