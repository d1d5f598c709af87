/** The reply envelope every route returns. */
export function ok<T>(data: T, message = "OK", statusCode = 200) {
  return { statusCode, message, data };
}
