/** The two success shapes of spec §7: the wrapper (code/msg/data) and the legacy Result/ErrorInfo. */

export const ok = <T>(data: T, msg = '') => ({ code: 200, msg, data });

export const legacyOk = <T>(result: T, totalCount = Array.isArray(result) ? result.length : 0) => ({
  Result: result,
  TotalCount: totalCount,
  ErrorInfo: { Status: false, Message: '' },
});

/** A refusal in the legacy shape: HTTP 200, ErrorInfo.Status true, Message the reason. */
export const legacyRefusal = <T>(message: string, result: T) => ({
  Result: result,
  TotalCount: 0,
  ErrorInfo: { Status: true, Message: message },
});
