/** A request header's value as one trimmed string; undefined when absent or blank. */
export const headerText = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
