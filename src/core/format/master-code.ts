/**
 * A master record's code as the portal shows it beside a name (V0002 三星电机供应商2有限公司): people know
 * records by name, codes are what they type and scan. Without a name, the code alone.
 */
export const codeWithName = (code: string | null | undefined, name: string | null | undefined): string =>
  name ? `${code ?? ''} ${name}`.trim() : (code ?? '');
