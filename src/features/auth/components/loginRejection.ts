/**
 * A rejected login reaches the form as an Error whose message is the JSON string
 * {errorCount, msg, code} (spec §8). Anything else (network, HTTP status) is not a rejection:
 * the api layer has already told the user about it.
 */
export interface LoginRejection {
  errorCount: number;
  msg: string;
  code?: number;
}

export function readLoginRejection(error: unknown): LoginRejection | undefined {
  if (!(error instanceof Error)) return undefined;
  try {
    const parsed = JSON.parse(error.message) as Partial<LoginRejection>;
    if (parsed && typeof parsed.msg === 'string' && typeof parsed.errorCount === 'number') {
      return { errorCount: parsed.errorCount, msg: parsed.msg, code: parsed.code };
    }
  } catch {
    // Not JSON: some other failure.
  }
  return undefined;
}
